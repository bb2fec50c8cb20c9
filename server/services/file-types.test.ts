import { describe, expect, it } from 'vitest';
import { detectDocumentType } from './file-types.ts';

describe('detectDocumentType', () => {
  it('knows PDF, DOC and DOCX by their bytes', () => {
    expect(detectDocumentType(Buffer.from('%PDF-1.7\n...'))).toBe('application/pdf');
    expect(detectDocumentType(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe('application/msword');
    expect(detectDocumentType(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.from('....[Content_Types].xml....word/document.xml')]))).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('refuses everything else, whatever it is called', () => {
    expect(detectDocumentType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeUndefined(); // PNG
    expect(detectDocumentType(Buffer.from('PK\x03\x04....xl/workbook.xml'))).toBeUndefined(); // a spreadsheet
    expect(detectDocumentType(Buffer.from('plain text CV'))).toBeUndefined();
    expect(detectDocumentType(Buffer.alloc(0))).toBeUndefined();
  });
});
