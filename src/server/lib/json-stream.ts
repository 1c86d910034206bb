/**
 * A JSON document written as it is read (the account export, src/server/features/account/export.ts):
 * the same text as `JSON.stringify(value, null, 2)`, but an object or array marked here is
 * produced member by member, so the first bytes leave before the last rows are read and the
 * whole document is never held in memory.
 */

/** An object whose members are produced one after the other (an `undefined` value is left out, as JSON.stringify does). */
export class StreamedObject {
  constructor(readonly members: () => AsyncIterable<readonly [string, unknown]>) {}
}

/** An array whose elements come in batches (a page of rows at a time). */
export class StreamedArray {
  constructor(readonly batches: () => AsyncIterable<readonly unknown[]>) {}
}

const indent = (depth: number) => '  '.repeat(depth);
/** A plain value's text at `depth` levels of nesting. */
const plainText = (value: unknown, depth: number) =>
  (JSON.stringify(value, null, 2) ?? 'null').replace(/\n/g, `\n${indent(depth)}`);

/** The text of `value`, in pieces. */
async function* jsonPieces(value: unknown, depth = 0): AsyncGenerator<string> {
  if (value instanceof StreamedObject) {
    let count = 0;
    yield '{';
    for await (const [key, member] of value.members()) {
      if (member === undefined) continue;
      yield `${count++ ? ',' : ''}\n${indent(depth + 1)}${JSON.stringify(key)}: `;
      yield* jsonPieces(member, depth + 1);
    }
    yield count ? `\n${indent(depth)}}` : '}';
    return;
  }
  if (value instanceof StreamedArray) {
    let count = 0;
    yield '[';
    for await (const batch of value.batches()) {
      let text = '';
      for (const element of batch) {
        if (element instanceof StreamedObject || element instanceof StreamedArray) {
          yield `${text}${count++ ? ',' : ''}\n${indent(depth + 1)}`;
          text = '';
          yield* jsonPieces(element, depth + 1);
        } else text += `${count++ ? ',' : ''}\n${indent(depth + 1)}${plainText(element, depth + 1)}`;
      }
      if (text) yield text;
    }
    yield count ? `\n${indent(depth)}]` : ']';
    return;
  }
  yield plainText(value, depth);
}

/** Pieces gathered up to this size before they are sent (the first chunk leaves sooner). */
const CHUNK_BYTES = 64 * 1024;
const FIRST_CHUNK_BYTES = 1024;

/**
 * The document as a byte stream, read as the client takes it (pull). Cancelling it (the client
 * went away) ends the generators, whose `finally` blocks release what they hold.
 */
export function jsonStream(value: unknown): ReadableStream<Uint8Array> {
  const pieces = jsonPieces(value);
  const encoder = new TextEncoder();
  let size = FIRST_CHUNK_BYTES;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let text = '';
      while (text.length < size) {
        const next = await pieces.next();
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text));
          controller.close();
          return;
        }
        text += next.value;
      }
      controller.enqueue(encoder.encode(text));
      size = CHUNK_BYTES;
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}
