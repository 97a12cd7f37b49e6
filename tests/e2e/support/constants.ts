/** Social task targets the test app is configured with; the tests answer this host themselves, nothing is fetched. */
export const TASK_URL_HOST = "tasks.example.test";

/** Site settings of the app under test. */
export const E2E_SITE_ENV = {
  TASK_ADD_MINIAPP_URL: `https://${TASK_URL_HOST}/add-miniapp`,
  TASK_FC_FOLLOW_URL: `https://${TASK_URL_HOST}/follow`,
  TASK_FC_LIKE_RECAST_URL: `https://${TASK_URL_HOST}/like-recast`,
  TASK_FC_COMMENT_URL: `https://${TASK_URL_HOST}/comment`,
  TASK_NFT_MINT_URL: `https://${TASK_URL_HOST}/mint`,
  // The stand-in Farcaster client (support/farcaster-host.ts) frames the app from a local origin.
  FRAME_ANCESTORS: "'self' http://localhost:*",
};
