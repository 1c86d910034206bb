import type { Span } from './emphasis.ts';

/** A run of label text, emphasised (bold) or not: what the PDF draws and the HTML wraps. */
export interface Segment {
  text: string;
  bold: boolean;
}

/** Joins neighbouring segments of the same weight. */
export function compact(segments: readonly Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const segment of segments) {
    if (segment.text === '') continue;
    const previous = out.at(-1);
    if (previous && previous.bold === segment.bold) previous.text += segment.text;
    else out.push({ ...segment });
  }
  return out;
}

/** `text` cut along the spans, the spans bold. */
export function emphasised(text: string, spans: readonly Span[]): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const span of spans) {
    out.push({ text: text.slice(at, span.start), bold: false }, { text: text.slice(span.start, span.end), bold: true });
    at = span.end;
  }
  out.push({ text: text.slice(at), bold: false });
  return compact(out);
}

export const plain = (text: string): Segment => ({ text, bold: false });
export const bold = (text: string): Segment => ({ text, bold: true });

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The segments as HTML: escaped text, bold runs in `<strong>` (GET /api/recipes/:id/label's `ingredientsHtml`). */
export const toHtml = (segments: readonly Segment[]): string =>
  compact(segments)
    .map((s) => (s.bold ? `<strong>${escapeHtml(s.text)}</strong>` : escapeHtml(s.text)))
    .join('');

export const toText = (segments: readonly Segment[]): string => segments.map((s) => s.text).join('');
