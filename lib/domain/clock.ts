/** Server time in Unix seconds. Injected so tests control time. */
export type Clock = () => number;

export const systemClock: Clock = () => Math.floor(Date.now() / 1000);
