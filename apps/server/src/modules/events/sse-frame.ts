/** Server-Sent Events framing of the live stream (issue 28). */

/** One Server-Sent Events frame: optional `id`, the event name and `data` as one line of JSON. */
export const sseFrame = (event: string, data: unknown, id?: string) => `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
