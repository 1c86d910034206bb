import { constants, crc32, createDeflateRaw } from 'node:zlib';

/**
 * Hostile spreadsheets for the file imports' tests (src/server/lib/table-file-reader.ts): the
 * outside attack's two reproductions (1,000,000 one-cell rows; one 100 MB cell in a small
 * file), a zip bomb whose central directory lies about its sizes, and a CSV of 1,000,000 rows.
 * Built here, part by part, so the tests need no fixture files.
 */
export interface ZipPart {
  name: string;
  /** The part's content, produced in pieces (a 100 MB part is never one string). */
  chunks: () => Iterable<string | Buffer>;
  /** Sizes written in the headers instead of the true ones (a bomb's lie). */
  declaredSize?: number;
}

async function deflatePart(part: ZipPart): Promise<{ data: Buffer; crc: number; size: number }> {
  const deflate = createDeflateRaw({ level: constants.Z_BEST_SPEED });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const finished = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  let size = 0;
  for (const piece of part.chunks()) {
    const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await finished;
  return { data: Buffer.concat(out), crc, size };
}

/** A zip (APPNOTE.TXT: local headers, deflated data, central directory, end record). */
export async function zip(parts: ZipPart[]): Promise<Uint8Array<ArrayBuffer>> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, crc, size } = await deflatePart(part);
    const name = Buffer.from(part.name);
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** An XLSX workbook of one sheet: its rows' XML and its shared strings' XML given in pieces. */
export function workbook(
  sheetRows: () => Iterable<string>,
  sharedStrings: (() => Iterable<string | Buffer>) | null,
  lie?: number,
  styles?: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const one = (text: string) => () => [text];
  return zip([
    {
      name: '[Content_Types].xml',
      chunks: one(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      chunks: one(
        `<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Produits" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      chunks: one(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      chunks: function* () {
        yield `<worksheet xmlns="${NS}"><sheetData>`;
        yield* sheetRows();
        yield '</sheetData></worksheet>';
      },
      ...(lie === undefined ? {} : { declaredSize: lie }),
    },
    ...(styles ? [{ name: 'xl/styles.xml', chunks: one(styles) }] : []),
    ...(sharedStrings
      ? [
          {
            name: 'xl/sharedStrings.xml',
            chunks: function* () {
              yield `<sst xmlns="${NS}">`;
              yield* sharedStrings();
              yield '</sst>';
            },
          },
        ]
      : []),
  ]);
}

function* rowsOfOneCell(count: number): Iterable<string> {
  let batch = '';
  for (let r = 1; r <= count; r++) {
    batch += `<row r="${r}"><c r="A${r}" t="s"><v>${r === 1 ? 0 : 1}</v></c></row>`;
    if (batch.length > 1 << 20) {
      yield batch;
      batch = '';
    }
  }
  yield batch;
}

/** The attack's first file: a header « Nom » then 999,999 one-cell rows (a few MB zipped). */
export const millionRowsXlsx = () =>
  workbook(
    () => rowsOfOneCell(1_000_000),
    () => ['<si><t>Nom</t></si><si><t>Beurre</t></si>'],
  );

/** The attack's second file: « Nom », then one row whose only cell is 100 MB of text (about 100 KB zipped). */
export const hugeCellXlsx = (megabytes = 100) =>
  workbook(
    () => ['<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row>'],
    function* () {
      yield '<si><t>Nom</t></si><si><t>';
      const mb = Buffer.alloc(1 << 20, 'a');
      for (let i = 0; i < megabytes; i++) yield mb;
      yield '</t></si>';
    },
  );

/** A zip bomb: 256 MB of spaces inside the sheet, declared as 1 KB by both headers. */
export const bombXlsx = () =>
  workbook(
    function* () {
      const mb = ' '.repeat(1 << 20);
      for (let i = 0; i < 256; i++) yield mb;
    },
    null,
    1024,
  );

/** A CSV under the 8 MB body limit with 1,000,000 rows. */
export function millionRowsCsv(): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(`Nom\n${'Sel\n'.repeat(1_000_000)}`));
}
