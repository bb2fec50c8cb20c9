// What an uploaded file really is, by its first bytes: the name and the browser's content type prove nothing.

export type DocumentType = 'application/pdf' | 'application/msword' | 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const PDF = Buffer.from('%PDF-');
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const WORD_PART = Buffer.from('word/');

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** JPEG, PNG or WebP (a RIFF file of type WEBP), else undefined. */
export function detectImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  if (bytes.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return undefined;
}

/** PDF, Word 97-2003 (OLE2) or Word (a zip holding word/...), else undefined. `bytes` is the whole file for zips. */
export function detectDocumentType(bytes: Buffer): DocumentType | undefined {
  if (bytes.subarray(0, PDF.length).equals(PDF)) return 'application/pdf';
  if (bytes.subarray(0, OLE2.length).equals(OLE2)) return 'application/msword';
  if (bytes.subarray(0, ZIP.length).equals(ZIP) && bytes.includes(WORD_PART)) {
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  }
  return undefined;
}
