/**
 * Lets a worker's other tasks run between chunks of work (messages, downloads, compiles). A message, not
 * setTimeout: nested timeouts are clamped to 4 ms.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      port2.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
