/** The payout endpoints in the route registry (issue #29): the admin's plans, and a wallet's claims. */
import * as paths from "@/lib/contract/paths";
import * as payout from "@/lib/contract/payout-schemas";
import { error, internal, named, route, tooLarge } from "@/lib/contract/route-spec";
import { adminAccess } from "@/lib/contract/routes-admin";
import { MAX_API_ALLOCATIONS } from "@/lib/domain/payouts";

const TAG = "Payouts";
const plan = named("PayoutPlan", payout.payoutPlanSchema);

export const PAYOUT_ROUTES = {
  createPayout: route({
    ...paths.createPayout,
    body: payout.createPayoutBody,
    auth: "admin",
    doc: {
      tag: TAG,
      summary: "Build a payout plan from the board, frozen once built",
      description:
        "Reads the board as the rewards export does (disqualified wallets and pending referrals never count), allocates `unitAmount` " +
        "per reward unit (`per_unit`) or splits `pool` in proportion to reward units, each share rounded down (`pool`; the rest is the " +
        "`remainder`), keeps ranks 1..`top` as the board numbers them and rows with rewards >= `minRewards`, leaves out a wallet at 0, and " +
        "stores every allocation in an OpenZeppelin StandardMerkleTree ([address, uint256] leaves; built to that standard, equal to " +
        "`StandardMerkleTree.of`), so proofs verify with OpenZeppelin's `MerkleProof`. Amounts are decimal integer strings. " +
        "Appends to the audit log (who, the root).",
      responses: {
        201: { description: "The plan, built and stored", json: named("CreatePayoutResponse", payout.createPayoutResponse) },
        400: error(
          "`Invalid <field>: ...` naming the field (an unknown or running season, an amount that is not a positive integer string, " +
            "a token that is not an address, a deadline in the past), or `Nothing to pay: ...`",
        ),
        ...adminAccess,
        409: error("`The leaderboard changed while the plan read it; build it again`"),
        413: { ...tooLarge, description: `A body over the limit, or a board of more than ${MAX_API_ALLOCATIONS} rows to pay: \`npm run payout:plan\` builds those` },
        500: internal,
      },
    },
  }),
  payoutPlans: route({
    ...paths.payoutPlans,
    auth: "admin",
    doc: {
      tag: TAG,
      summary: "Every payout plan, newest first",
      responses: { 200: { description: "The plans", json: named("PayoutPlans", payout.payoutPlansResponse) }, ...adminAccess, 500: internal },
    },
  }),
  payoutPlan: route({
    ...paths.payoutPlan,
    query: payout.payoutPlanQuery,
    auth: "admin",
    doc: {
      tag: TAG,
      summary: "One payout plan: JSON, its allocations as CSV, or OpenZeppelin's tree dump",
      responses: {
        200: {
          description: "The plan (`format=json`), its CSV (`format=csv`, the bytes its sha256 covers) or `StandardMerkleTree.dump()` (`format=tree`), streamed",
          content: {
            "application/json": { schema: { oneOf: [plan, named("PayoutTreeDump", payout.payoutTreeDumpSchema)] } },
            "text/csv": { schema: { type: "string", description: "wallet,amount then one line per allocation, in rank order" } },
          },
        },
        400: error("`Invalid format: json, csv or tree`"),
        ...adminAccess,
        404: error("`Payout plan not found`: no plan has that id; or `Not found`: neither ADMIN_TOKEN nor ADMIN_WALLETS is set, the endpoint is off"),
        500: internal,
      },
    },
  }),
  recordDistributor: route({
    ...paths.recordDistributor,
    body: payout.recordDistributorBody,
    auth: "admin",
    doc: {
      tag: TAG,
      summary: "Record the distributor deployed for a plan, once the chain shows it pays the plan",
      description:
        "Reads the contract at `address` over RPC_URL (which must serve the plan's chain): its `token()`, `merkleRoot()` and `deadline()` " +
        "must be the plan's. Recorded once; from then on GET /api/claim lists the plan's claims. Appends to the audit log (who, the root).",
      responses: {
        200: { description: "The plan, with its distributor", json: plan },
        400: error("`Invalid address: ...`: not an address, no contract there, or a distributor of another token, root or deadline"),
        ...adminAccess,
        404: error("`Payout plan not found`: no plan has that id; or `Not found`: neither ADMIN_TOKEN nor ADMIN_WALLETS is set, the endpoint is off"),
        409: error("`The plan's distributor is already recorded`, or `The distributor can't be checked: RPC_URL serves chain ...`"),
        413: tooLarge,
        500: internal,
        503: error("`The distributor can't be checked: RPC_URL is not set`, or `Could not read the chain, please retry`"),
      },
    },
  }),
  claims: route({
    ...paths.claims,
    query: payout.claimQuery,
    doc: {
      tag: TAG,
      summary: "What a wallet may claim from every plan with a distributor",
      description: "One store round trip. `amount` and the proof's leaf are OpenZeppelin's [address, uint256]; `claims: []` for a wallet with nothing.",
      responses: {
        200: { description: "The wallet's claims, newest plan first", json: named("ClaimResponse", payout.claimResponse) },
        400: error("`Invalid wallet address`"),
        500: internal,
      },
    },
  }),
};
