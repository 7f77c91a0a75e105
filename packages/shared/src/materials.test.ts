import { describe, expect, it } from 'vitest';
import {
  isReservedFolderPath,
  type MaterialUploadForm,
  ZFolderPath,
  ZMaterialName,
  ZMaterialUploadForm,
} from './materials';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('material names', () => {
  it('accepts what people name documents: spaces, parentheses, accents, dashes', () => {
    for (const name of ['Demo Workshop', 'Intro (2024) – Ünïcode.pdf', 'a', 'x'.repeat(120)]) {
      expect(ZMaterialName.parse(` ${name} `)).toBe(name);
    }
  });

  it('refuses separators, control characters, dot names and hidden names', () => {
    for (const name of ['a/b', 'a\\b', '..', '.', '.hidden', 'tab\there', 'bell\u0007', 'c1\u0085']) {
      expect(firstMessage(ZMaterialName.safeParse(name)), name).toBe('materials.nameInvalid');
    }
    expect(firstMessage(ZMaterialName.safeParse('   '))).toBe('materials.nameRequired');
  });

  it('limits names to 120 characters and to 240 UTF-8 bytes, which file systems count', () => {
    expect(firstMessage(ZMaterialName.safeParse('x'.repeat(121)))).toBe('materials.nameTooLong');
    // 80 CJK characters are 240 bytes; 81 are 243, short in characters but too long on disk.
    expect(ZMaterialName.safeParse('資'.repeat(80)).success).toBe(true);
    expect(firstMessage(ZMaterialName.safeParse('資'.repeat(81)))).toBe('materials.nameTooLong');
  });

  it('reads folder paths one or two deep, with or without documents/', () => {
    expect(ZFolderPath.parse('documents/Demo Workshop/Handouts')).toBe('Demo Workshop/Handouts');
    expect(ZFolderPath.parse('Demo Workshop')).toBe('Demo Workshop');
    for (const bad of ['a/b/c', '../x', 'a//b', '', 'a/ b']) {
      expect(ZFolderPath.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('the material upload form (SPEC §5)', () => {
  const form: MaterialUploadForm = {
    hasFile: true,
    existingFolder: null,
    newFolder: '',
    existingSubfolder: null,
    newSubfolder: '',
  };
  const messages = (values: Partial<MaterialUploadForm>) =>
    ZMaterialUploadForm.safeParse({ ...form, ...values }).error?.issues.map((i) => i.message) ?? [];

  it('asks for a file and a folder', () => {
    expect(messages({ hasFile: false })).toEqual(['materials.fileRequired', 'materials.folderRequired']);
  });

  it('refuses an existing and a new folder together, and likewise subfolders', () => {
    expect(messages({ existingFolder: 'A', newFolder: 'B' })).toEqual(['materials.folderNotBoth']);
    expect(messages({ newFolder: 'A', existingSubfolder: 'S', newSubfolder: 'T' })).toEqual([
      'materials.subfolderNotBoth',
    ]);
  });

  it('accepts one folder with or without a subfolder, and checks new names', () => {
    expect(messages({ existingFolder: 'A' })).toEqual([]);
    expect(messages({ newFolder: 'A', newSubfolder: 'S' })).toEqual([]);
    expect(messages({ newFolder: '../etc' })).toEqual(['materials.nameInvalid']);
  });
});

describe('names the fixed addresses would hide', () => {
  it("refuses a top-level folder 'upload' and a subfolder 'edit', in any case", () => {
    expect(isReservedFolderPath(['Upload'])).toBe(true);
    expect(isReservedFolderPath(['Demo', 'EDIT'])).toBe(true);
    expect(isReservedFolderPath(['edit'])).toBe(false);
    expect(isReservedFolderPath(['Demo', 'upload'])).toBe(false);
    const form: MaterialUploadForm = {
      hasFile: true,
      existingFolder: null,
      newFolder: 'upload',
      existingSubfolder: null,
      newSubfolder: 'Edit',
    };
    expect(ZMaterialUploadForm.safeParse(form).error?.issues.map((i) => i.message)).toEqual([
      'materials.nameReserved',
      'materials.nameReserved',
    ]);
  });
});
