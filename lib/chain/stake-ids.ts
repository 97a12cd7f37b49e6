/** STAKE_IDS_FUNCTION: the staking contract's "stake ids of a wallet" function, as a human-readable ABI signature. */
import "server-only";
import { parseAbiItem, type AbiFunction } from "viem";
import { ConfigError } from "@/lib/config";

export const DEFAULT_STAKE_IDS_FUNCTION = "function getUserStakeIds(address) view returns (uint256[])";

function invalid(signature: string, problem: string): ConfigError {
  return new ConfigError(
    `Invalid configuration: STAKE_IDS_FUNCTION ${JSON.stringify(signature)} ${problem}. ` +
      `It must be a view function taking one address and returning an array, like "${DEFAULT_STAKE_IDS_FUNCTION}"`,
  );
}

/** Parses and checks the signature once, at startup, so a typo fails loudly instead of every verification. */
export function parseStakeIdsFunction(signature: string): AbiFunction {
  const trimmed = signature.trim();
  // "getUserStakeIds(address) view returns (uint256[])" is accepted too: the keyword is implied.
  const text = /^[A-Za-z_$][\w$]*\s*\(/.test(trimmed) ? `function ${trimmed}` : trimmed;
  let item;
  try {
    item = parseAbiItem(text);
  } catch (error) {
    throw invalid(signature, `does not parse (${firstLine(error)})`);
  }
  if (item.type !== "function") throw invalid(signature, "is not a function");
  if (item.stateMutability !== "view" && item.stateMutability !== "pure") throw invalid(signature, "is not declared view");
  if (item.inputs.length !== 1 || item.inputs[0]?.type !== "address") {
    throw invalid(signature, "does not take exactly one address");
  }
  if (item.outputs.length !== 1 || !item.outputs[0]?.type.endsWith("[]")) {
    throw invalid(signature, "does not return one dynamic array");
  }
  return item;
}

/** abitype's errors carry a shortMessage and a multi-line message; the first suffices in a config error. */
function firstLine(error: unknown): string {
  if (typeof error === "object" && error !== null && "shortMessage" in error && typeof error.shortMessage === "string") {
    return error.shortMessage;
  }
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}
