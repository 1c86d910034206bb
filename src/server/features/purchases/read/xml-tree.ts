import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { purchaseMessages as m } from '../../../../shared/api/purchase-messages.ts';
import { checkLineCount, InvoiceReadError } from './parsed-invoice.ts';

/** A parsed XML element: its children by local name, its attributes as `@_name`, its text as `#text`. */
export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

/**
 * fast-xml-parser, set up for invoices from anyone (docs/decisions/0037-supplier-invoices.md
 * « Hostile files »): namespace prefixes dropped (CII and UBL are read by local names), every
 * value kept as text (« 0012345 » stays an article code), and no entity of any kind expanded:
 * a DOCTYPE is refused before parsing, so neither XXE nor « billion laughs » can happen.
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: 64,
});

const LINE_TAG = /<(?:[\w.-]+:)?(?:IncludedSupplyChainTradeLineItem|InvoiceLine|CreditNoteLine)[\s>]/g;

export function parseXml(text: string): XmlNode {
  // A DOCTYPE may declare entities (external ones read files or URLs): EN 16931 XML never has one.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new InvoiceReadError(m.doctype);
  // Lines counted before parsing: 10,000 lines are refused without building their tree.
  checkLineCount(text.match(LINE_TAG)?.length ?? 0);
  if (XMLValidator.validate(text) !== true) throw new InvoiceReadError(m.notXml);
  try {
    return parser.parse(text) as XmlNode;
  } catch {
    throw new InvoiceReadError(m.notXml);
  }
}

const asNode = (value: XmlValue | undefined): XmlNode | undefined =>
  value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : undefined;

/** The first child element at this path of local names (arrays read as their first element). */
export function child(node: XmlValue | undefined, ...path: string[]): XmlValue | undefined {
  let current: XmlValue | undefined = node;
  for (const name of path) {
    const first: XmlValue | undefined = Array.isArray(current) ? current[0] : current;
    current = asNode(first)?.[name];
    if (current === undefined) return undefined;
  }
  return current;
}

/** Every element at this path (the last step may repeat). */
export function children(node: XmlValue | undefined, ...path: string[]): XmlValue[] {
  const last = path.at(-1)!;
  const parent = path.length > 1 ? child(node, ...path.slice(0, -1)) : node;
  const value = asNode(Array.isArray(parent) ? parent[0] : parent)?.[last];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/**
 * XML's five predefined entities and character references (XML 1.0 §4.1, §4.6) read in one pass:
 * « Pâtes &amp; Co » is « Pâtes & Co ». The parser expands none (`processEntities: false`); these
 * declare nothing and expand into one character each, so no « billion laughs » can come of them.
 */
export const decodeXmlText = (raw: string): string =>
  raw.includes('&')
    ? raw.replace(
        /&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/g,
        (all, dec?: string, hex?: string, name?: string) => {
          if (name) return PREDEFINED[name]!;
          const code = dec ? Number(dec) : parseInt(hex!, 16);
          return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
        },
      )
    : raw;

/** The text of an element (its `#text` when it has attributes), or null. */
export function text(value: XmlValue | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return decodeXmlText(first);
  const own = asNode(first)?.['#text'];
  return typeof own === 'string' ? decodeXmlText(own) : own === undefined && asNode(first) ? '' : null;
}

export function attribute(value: XmlValue | undefined, name: string): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  const own = asNode(first)?.[`@_${name}`];
  return typeof own === 'string' ? decodeXmlText(own) : null;
}

export const textAt = (node: XmlValue | undefined, ...path: string[]) => text(child(node, ...path));
