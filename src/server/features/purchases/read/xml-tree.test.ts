import { describe, expect, it } from 'vitest';
import { decodeXmlText, parseXml, textAt } from './xml-tree.ts';

describe('text of invoice XML (XML 1.0 §4.1 and §4.6: predefined entities and character references)', () => {
  it('reads « &amp; », « &lt; », « &#233; » and « &#xE9; » as their characters, once', () => {
    const tree = parseXml(
      '<Invoice><Name>M&#233;tro Cash &amp; Carry &lt;Lyon&gt; &#xE9;t&#xE9; &amp;lt;</Name></Invoice>',
    );
    expect(textAt(tree, 'Invoice', 'Name')).toBe('Métro Cash & Carry <Lyon> été &lt;');
  });
  it('leaves an unknown or impossible reference as written', () => {
    expect(decodeXmlText('a &nbsp; b &#0; c &#x110000;')).toBe('a &nbsp; b &#0; c &#x110000;');
  });
});
