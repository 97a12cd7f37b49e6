/**
 * The on-chain quest requirements, read for one wallet over RPC_URL: token and NFT balances, the
 * account's transaction count, and any view a team names by its human-readable signature.
 * Every requirement of a check is read in ONE HTTP request: the contract calls go into one Multicall3
 * aggregate3 when the chain has one (else each is its own eth_call), and they travel with the nonce
 * read as one JSON-RPC batch. A read that reverts is "not verified" with the reason; an RPC failure
 * or timeout throws ChainError, which the caller answers with a 503, as verify does.
 */
import "server-only";
import {
  BaseError,
  createPublicClient,
  decodeErrorResult,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  ExecutionRevertedError,
  formatUnits,
  http,
  isAddress,
  isHex,
  multicall3Abi,
  parseAbiItem,
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type Address,
  type Chain,
  type Hex,
  type HttpTransportConfig,
} from "viem";
import { chainFor } from "@/lib/chain/chains";
import { argsFor, compareReading, type Comparator } from "@/lib/domain/quests";
import { ChainError } from "@/lib/chain/verifier";
import type { ChainConfig } from "@/lib/config";

export type { Comparator };

export interface Erc20BalanceRequirement {
  type: "erc20_balance";
  token: Address;
  /** Whole tokens: the token's decimals() is read from the chain. A decimal string too, as the catalog keeps it (up to a uint256). */
  min: number | string;
}

export interface Erc721BalanceRequirement {
  type: "erc721_balance";
  contract: Address;
  min: number;
}

export interface TxCountRequirement {
  type: "tx_count";
  /** Transactions sent by the wallet: its nonce. */
  min: number;
}

export interface ContractReadRequirement {
  type: "contract_read";
  contract: Address;
  /** Human-readable, e.g. "function stakeOf(uint256 pool, address user) view returns (uint256)". */
  signature: string;
  /** One string per input, typed by the signature; "{wallet}" stands for the wallet checked. */
  args: string[];
  comparator: Comparator;
  /** A base-10 integer; a bool result counts as 1 (true) or 0 (false). */
  value: string;
}

export type OnchainRequirement =
  | Erc20BalanceRequirement
  | Erc721BalanceRequirement
  | TxCountRequirement
  | ContractReadRequirement;

export interface RequirementCheck {
  verified: boolean;
  /** What was read, in the requirement's unit (whole tokens for an ERC-20); null when the read reverted. */
  value: string | null;
  /** Why it is not verified; absent when it is. */
  reason?: string;
}

export interface QuestReads {
  /** One answer per requirement, in order. Throws ChainError on RPC failure or timeout, InvalidRequirementError on a malformed requirement. */
  check(wallet: Address, requirements: readonly OnchainRequirement[]): Promise<RequirementCheck[]>;
}

export interface QuestReadsOptions {
  /** Replaces the chain derived from cfg.chainId, e.g. a local chain given a Multicall3 in tests. */
  chain?: Chain;
  /** Called before each HTTP request to the RPC: tests count them. */
  onFetchRequest?: HttpTransportConfig["onFetchRequest"];
}

/** A requirement that cannot be read as written: the catalog's validation should have refused it. */
export class InvalidRequirementError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidRequirementError";
  }
}

/** How a reason words each comparator; the comparison itself is the catalog's (compareReading). */
const COMPARATOR_TEXT: Record<Comparator, string> = { gte: "at least", gt: "more than", eq: "exactly", lte: "at most", lt: "less than" };

/** One eth_call: where, what, and how its answer reads as a number. */
interface ContractCall {
  target: Address;
  callData: Hex;
  decode(data: Hex): bigint;
}

/** A contract call's outcome: its number, or why there is none. */
type CallOutcome = { ok: true; value: bigint } | { ok: false; reason: string };

export interface PreparedContractRead {
  fn: AbiFunction;
  args: unknown[];
  value: bigint;
  callData: Hex;
}

/**
 * Parses and types a contract_read for a wallet, or throws InvalidRequirementError naming the problem.
 * Exported so that the quest catalog can refuse a bad one when it is saved, with any wallet.
 */
export function prepareContractRead(req: ContractReadRequirement, wallet: Address): PreparedContractRead {
  let fn: AbiFunction;
  try {
    const item = parseAbiItem(req.signature);
    if (item.type !== "function") throw new InvalidRequirementError(`"${req.signature}" is not a function signature`);
    fn = item;
  } catch (error) {
    if (error instanceof InvalidRequirementError) throw error;
    throw new InvalidRequirementError(`signature "${req.signature}" does not parse: ${summarise(error)}`);
  }
  const output = fn.outputs.length === 1 ? fn.outputs[0] : undefined;
  if (!output || !isNumeric(output.type)) {
    throw new InvalidRequirementError(`${fn.name} must return exactly one integer or bool to compare`);
  }
  if (req.args.length !== fn.inputs.length) {
    throw new InvalidRequirementError(`${fn.name} takes ${fn.inputs.length} argument(s), ${req.args.length} given`);
  }
  if (!(req.comparator in COMPARATOR_TEXT)) throw new InvalidRequirementError(`unknown comparator "${req.comparator}"`);
  if (!/^-?\d+$/.test(req.value)) throw new InvalidRequirementError(`value "${req.value}" is not a base-10 integer`);
  const given = argsFor(req.args, wallet);
  const args = fn.inputs.map((input, i) => typedArg(input, given[i] ?? ""));
  let callData: Hex;
  try {
    callData = encodeFunctionData({ abi: [fn], functionName: fn.name, args });
  } catch (error) {
    throw new InvalidRequirementError(`arguments of ${fn.name} do not encode: ${summarise(error)}`);
  }
  return { fn, args, value: BigInt(req.value), callData };
}

function isNumeric(type: string): boolean {
  return type === "bool" || /^u?int\d*$/.test(type);
}

/** The string an admin typed, as the ABI type of the input expects it. */
function typedArg(input: AbiParameter, raw: string): unknown {
  const name = input.name || input.type;
  const type = input.type;
  if (type === "address") {
    if (!isAddress(raw, { strict: false })) throw new InvalidRequirementError(`argument ${name}: "${raw}" is not an address`);
    return raw.toLowerCase();
  }
  if (type === "bool") {
    if (raw !== "true" && raw !== "false") throw new InvalidRequirementError(`argument ${name}: "${raw}" is not true or false`);
    return raw === "true";
  }
  if (/^u?int\d*$/.test(type)) {
    if (!/^-?\d+$/.test(raw)) throw new InvalidRequirementError(`argument ${name}: "${raw}" is not a base-10 integer`);
    return BigInt(raw);
  }
  if (/^bytes\d*$/.test(type)) {
    if (!isHex(raw)) throw new InvalidRequirementError(`argument ${name}: "${raw}" is not 0x-prefixed hex`);
    return raw;
  }
  if (type === "string") return raw;
  throw new InvalidRequirementError(`argument ${name}: type ${type} is not supported (arrays and tuples cannot be typed in)`);
}

function assertMin(min: number | string, what: string): bigint {
  const whole = typeof min === "string" ? /^(?:0|[1-9]\d*)$/.test(min) : Number.isSafeInteger(min) && min >= 0;
  if (!whole) throw new InvalidRequirementError(`${what}: min must be an integer ≥ 0, got ${min}`);
  return BigInt(min);
}

function summarise(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage;
  return error instanceof Error ? error.message : String(error);
}

/** The revert's own words: Error(string), Panic(code), or the selector of a custom error. */
function revertReason(data: Hex | undefined): string {
  if (!data || data === "0x") return "reverted without a reason";
  try {
    const { errorName, args } = decodeErrorResult({ abi: [], data });
    return errorName === "Error" ? `reverted: ${String(args[0])}` : `reverted: ${errorName}(${args.join(", ")})`;
  } catch {
    return `reverted with custom error ${data.slice(0, 10)}`;
  }
}

/** The revert data an RPC attached to a failed eth_call, if any error in the chain carries it. */
function revertDataOf(error: BaseError): Hex | undefined {
  const carrier = error.walk((e) => isHex((e as { data?: unknown }).data));
  return (carrier as { data?: Hex } | null)?.data;
}

const erc20Decimals = (token: Address): ContractCall => ({
  target: token,
  callData: encodeFunctionData({ abi: erc20Abi, functionName: "decimals" }),
  decode: (data) => BigInt(decodeFunctionResult({ abi: erc20Abi, functionName: "decimals", data })),
});

const balanceOf = (contract: Address, wallet: Address, abi: typeof erc20Abi | typeof erc721Abi): ContractCall => ({
  target: contract,
  callData: encodeFunctionData({ abi, functionName: "balanceOf", args: [wallet] }),
  decode: (data) => decodeFunctionResult({ abi, functionName: "balanceOf", data }),
});

function contractReadCall(req: ContractReadRequirement, prepared: PreparedContractRead): ContractCall {
  const abi: Abi = [prepared.fn];
  return {
    target: req.contract,
    callData: prepared.callData,
    decode(data) {
      const result: unknown = decodeFunctionResult({ abi, functionName: prepared.fn.name, args: prepared.args, data });
      if (typeof result === "boolean") return result ? 1n : 0n;
      if (typeof result === "bigint") return result;
      if (typeof result === "number") return BigInt(result);
      throw new Error(`${prepared.fn.name} returned ${typeof result}`);
    },
  };
}

export function createQuestReads(cfg: ChainConfig, options: QuestReadsOptions = {}): QuestReads {
  const chain = options.chain ?? chainFor(cfg.chainId, cfg.rpcUrl);
  const multicall3 = chain?.contracts?.multicall3?.address;
  const client = createPublicClient({
    chain,
    // wait 0: every call started in the same tick leaves as one JSON-RPC batch. No retry: timeoutMs bounds the check.
    transport: http(cfg.rpcUrl, {
      batch: { wait: 0 },
      timeout: cfg.timeoutMs,
      retryCount: 0,
      onFetchRequest: options.onFetchRequest,
    }),
  });

  function decodeOutcome(call: ContractCall, data: Hex): CallOutcome {
    try {
      return { ok: true, value: call.decode(data) };
    } catch {
      return { ok: false, reason: data === "0x" ? "no contract answered at that address" : "the answer does not decode" };
    }
  }

  /** All calls as one aggregate3: one eth_call, each part allowed to fail on its own. */
  async function readAggregated(multicall: Address, calls: ContractCall[]): Promise<CallOutcome[]> {
    if (calls.length === 0) return [];
    const parts = await client.readContract({
      address: multicall,
      abi: multicall3Abi,
      functionName: "aggregate3",
      args: [calls.map((c) => ({ target: c.target, allowFailure: true, callData: c.callData }))],
    });
    return calls.map((call, i) => {
      const part = parts[i];
      if (!part) return { ok: false, reason: "Multicall3 gave no answer for this read" };
      return part.success ? decodeOutcome(call, part.returnData) : { ok: false, reason: revertReason(part.returnData) };
    });
  }

  /** One eth_call each, started together so the transport batches them; only a revert is an answer. */
  function readSeparately(calls: ContractCall[]): Promise<CallOutcome[]> {
    return Promise.all(
      calls.map(async (call): Promise<CallOutcome> => {
        try {
          const { data } = await client.call({ to: call.target, data: call.callData });
          return decodeOutcome(call, data ?? "0x");
        } catch (error) {
          if (error instanceof BaseError && error.walk((e) => e instanceof ExecutionRevertedError)) {
            return { ok: false, reason: revertReason(revertDataOf(error)) };
          }
          throw error;
        }
      }),
    );
  }

  return {
    async check(input, requirements) {
      // viem rejects mixed case that is not a valid checksum; lowercase is always accepted.
      const wallet = input.toLowerCase() as Address;
      const calls: ContractCall[] = [];
      /** Turns the outcomes of the calls (and the nonce) into this requirement's answer. */
      const answers: ((outcomes: CallOutcome[], nonce: bigint) => RequirementCheck)[] = [];
      const enqueue = (call: ContractCall) => calls.push(call) - 1;
      let needsNonce = false;

      for (const req of requirements) {
        switch (req.type) {
          case "erc20_balance": {
            const min = assertMin(req.min, "erc20_balance");
            const [d, b] = [enqueue(erc20Decimals(req.token)), enqueue(balanceOf(req.token, wallet, erc20Abi))];
            answers.push((outcomes) => {
              const decimals = outcomes[d]!;
              const balance = outcomes[b]!;
              if (!decimals.ok) return { verified: false, value: null, reason: `decimals() of ${req.token} ${decimals.reason}` };
              if (!balance.ok) return { verified: false, value: null, reason: `balanceOf on ${req.token} ${balance.reason}` };
              const held = formatUnits(balance.value, Number(decimals.value));
              return balance.value >= min * 10n ** decimals.value
                ? { verified: true, value: held }
                : { verified: false, value: held, reason: `holds ${held} tokens, needs at least ${req.min}` };
            });
            break;
          }
          case "erc721_balance": {
            const min = assertMin(req.min, "erc721_balance");
            const b = enqueue(balanceOf(req.contract, wallet, erc721Abi));
            answers.push((outcomes) => {
              const balance = outcomes[b]!;
              if (!balance.ok) return { verified: false, value: null, reason: `balanceOf on ${req.contract} ${balance.reason}` };
              const held = balance.value.toString();
              return balance.value >= min
                ? { verified: true, value: held }
                : { verified: false, value: held, reason: `holds ${held} NFTs, needs at least ${req.min}` };
            });
            break;
          }
          case "tx_count": {
            const min = assertMin(req.min, "tx_count");
            needsNonce = true;
            answers.push((_, nonce) =>
              nonce >= min
                ? { verified: true, value: nonce.toString() }
                : { verified: false, value: nonce.toString(), reason: `has sent ${nonce} transactions, needs at least ${req.min}` },
            );
            break;
          }
          case "contract_read": {
            const prepared = prepareContractRead(req, wallet);
            const r = enqueue(contractReadCall(req, prepared));
            const text = COMPARATOR_TEXT[req.comparator];
            answers.push((outcomes) => {
              const read = outcomes[r]!;
              if (!read.ok) return { verified: false, value: null, reason: `${prepared.fn.name} ${read.reason}` };
              const value = read.value.toString();
              return compareReading(read.value, req.comparator, prepared.value)
                ? { verified: true, value }
                : { verified: false, value, reason: `${prepared.fn.name} is ${value}, needs ${text} ${req.value}` };
            });
            break;
          }
        }
      }

      try {
        // Started in the same tick: one HTTP request carries the nonce read and the contract calls.
        const [outcomes, nonce] = await Promise.all([
          multicall3 ? readAggregated(multicall3, calls) : readSeparately(calls),
          needsNonce ? client.getTransactionCount({ address: wallet }).then(BigInt) : Promise.resolve(0n),
        ]);
        return answers.map((answer) => answer(outcomes, nonce));
      } catch (error) {
        throw new ChainError(`quest requirements of ${wallet}: ${summarise(error)}`, { cause: error });
      }
    },
  };
}
