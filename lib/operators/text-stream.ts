/**
 * A generator of text chunks as a byte stream for a Response (the rewards export, a payout plan's
 * files). The first chunk is read before the stream is returned, so a store that is down fails the
 * request (a 500) rather than the body. Then one chunk is read per pull: a slow client slows the
 * reads instead of filling memory. An error mid-stream errors the stream (the client gets a body
 * cut short) and is logged as `what` failing.
 */
export async function textStream<R>(chunks: AsyncGenerator<string, R>, what: string, cancelled: R): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const first = await chunks.next();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.done) controller.close();
      else controller.enqueue(encoder.encode(first.value));
    },
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        console.error(`[refboard] ${what} failed:`, error);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(cancelled);
    },
  });
}
