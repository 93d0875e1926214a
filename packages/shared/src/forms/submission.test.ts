import { describe, expect, it } from 'vitest';
import { publicFormFieldSchema, type FormFieldType, type PublicFormField } from '../forms.schema';
import { limits } from '../limits';
import { messages } from '../messages';
import {
  submissionErrors,
  submissionPayload,
  uploadExtensions,
  uploadFileError,
  type SubmittedFile,
} from './submission';

const m = messages.forms.public;
const mb = 1024 * 1024;

function field(type: FormFieldType, name: string, extra: Partial<PublicFormField> = {}) {
  return publicFormFieldSchema.parse({ type, name, label: name, options: [], ...extra });
}

const options = [
  { label: 'São Paulo', value: 'SP' },
  { label: 'Rio de Janeiro', value: 'RJ' },
];
const columns = [
  { label: 'Produto', value: 'produto', is_required: true },
  { label: 'Observação', value: 'obs' },
];

const errorsOf = (f: PublicFormField, value: unknown, files: SubmittedFile[] = []) =>
  submissionErrors([f], value === undefined ? {} : { [f.name]: value }, files)[f.name] ?? null;

describe('uploads', () => {
  const upload = field('upload', 'doc', { upload_extensions: 'PDF, .jpg,png', upload_maxsize: 2 });

  it('reads the accepted extensions in lower case without dots', () => {
    expect(uploadExtensions(upload)).toEqual(['pdf', 'jpg', 'png']);
    expect(uploadExtensions({ upload_extensions: '' })).toEqual([]);
  });

  it('refuses a file by extension (any case) and by size', () => {
    expect(uploadFileError(upload, { name: 'rg.PDF', size: 2 * mb })).toBeNull();
    expect(uploadFileError(upload, { name: 'foto.jpg', size: 10 })).toBeNull();
    expect(uploadFileError(upload, { name: 'virus.exe', size: 10 })).toBe(
      m.fileExtension('virus.exe', 'pdf, jpg, png'),
    );
    expect(uploadFileError(upload, { name: 'pdf', size: 10 })).toBe(
      m.fileExtension('pdf', 'pdf, jpg, png'),
    );
    expect(uploadFileError(upload, { name: 'rg.pdf', size: 2 * mb + 1 })).toBe(
      m.fileTooLarge('rg.pdf', 2),
    );
  });

  it('accepts any extension when none is set, up to 10 Mb by default and never past 100 Mb', () => {
    const any = field('upload', 'a');
    expect(uploadFileError(any, { name: 'x.exe', size: 10 * mb })).toBeNull();
    expect(uploadFileError(any, { name: 'x.exe', size: 10 * mb + 1 })).toBe(
      m.fileTooLarge('x.exe', 10),
    );
    const huge = field('upload', 'b', { upload_maxsize: 500 });
    expect(uploadFileError(huge, { name: 'x.zip', size: 100 * mb + 1 })).toBe(
      m.fileTooLarge('x.zip', limits.formUploadMaxSizeLimitMb),
    );
  });

  it('checks the files of a submission per field', () => {
    const file = (name: string, size = 10): SubmittedFile => ({ field: 'doc', name, size });
    expect(errorsOf(upload, undefined, [file('a.pdf')])).toBeNull();
    expect(errorsOf(upload, undefined, [file('a.pdf'), file('b.pdf')])).toBe(m.fileOnlyOne);
    expect(errorsOf(upload, undefined, [file('a.exe')])).toBe(
      m.fileExtension('a.exe', 'pdf, jpg, png'),
    );
    expect(errorsOf({ ...upload, is_required: true }, undefined, [])).toBe(m.required);
    expect(errorsOf(upload, undefined, [])).toBeNull();
    const many = { ...upload, upload_multiple: true };
    const files = Array.from({ length: limits.formUploadFilesMax }, (_, i) => file(`${i}.pdf`));
    expect(errorsOf(many, undefined, files)).toBeNull();
    expect(errorsOf(many, undefined, [...files, file('x.pdf')])).toBe(m.tooManyFiles);
  });

  it('refuses files sent to a field that takes none, and skips uploads when told', () => {
    const name = field('text', 'nome');
    const stray = [
      { field: 'nome', name: 'a.pdf', size: 1 },
      { field: 'outro', name: 'b', size: 1 },
    ];
    expect(submissionErrors([name], {}, stray)).toEqual({
      nome: m.fileNotExpected,
      outro: m.fileNotExpected,
    });
    const required = { ...upload, is_required: true };
    expect(submissionErrors([required, name], {}, stray, { skipUploads: true })).toEqual({});
  });
});

describe('submissionErrors', () => {
  it('requires each type in its own way and lets an empty optional field pass', () => {
    const cases: [PublicFormField, unknown, unknown][] = [
      [field('text', 'a'), '   ', 'x'],
      [field('textarea', 'a'), '', 'x'],
      [field('checkbox', 'a'), false, true],
      [field('select', 'a', { options }), '', 'SP'],
      [field('radio', 'a', { options }), undefined, 'RJ'],
      [field('multiple_checkbox', 'a', { options }), [], ['SP']],
      [field('multiple_select', 'a', { options }), undefined, ['SP', 'RJ']],
      [field('date', 'a'), '', '2025-12-31'],
      [field('datetime', 'a'), '', '2025-12-31T23:59'],
    ];
    for (const [f, empty, filled] of cases) {
      expect(errorsOf({ ...f, is_required: true }, empty), f.type).toBe(m.required);
      expect(errorsOf({ ...f, is_required: true }, filled), f.type).toBeNull();
      expect(errorsOf(f, empty), f.type).toBeNull();
    }
  });

  it('runs the validation of text and textarea fields', () => {
    const cpf = field('text', 'cpf', { validation: 'cpf', mask: 'cpf' });
    expect(errorsOf(cpf, '529.982.247-25')).toBeNull();
    expect(errorsOf(cpf, '529.982.247-24')).toBe(m.invalidCpf);
    expect(errorsOf(cpf, 52998224725)).toBe(m.invalidCpf);
    const email = field('textarea', 'email', { validation: 'email' });
    expect(errorsOf(email, 'ana@')).toBe(m.invalidEmail);
  });

  it('asks a masked text without validation to fill its mask', () => {
    const cep = field('text', 'cep', { mask: 'cep' });
    expect(errorsOf(cep, '01310-100')).toBeNull();
    expect(errorsOf(cep, '01310-10')).toBe(m.invalidMask('00000-000'));
    expect(errorsOf(cep, '01310100')).toBe(m.invalidMask('00000-000'));
    const plate = field('text', 'placa', { mask: 'custom', mask_custom: 'SSS-0A00' });
    expect(errorsOf(plate, 'ABC-1D23')).toBeNull();
    expect(errorsOf(plate, 'ABC-1D2')).toBe(m.invalidMask('SSS-0A00'));
    expect(errorsOf(field('text', 'preço', { mask: 'price_brl' }), 'R$ 1.234,56')).toBeNull();
    const note = field('textarea', 'nota', { mask: 'cep' });
    expect(errorsOf(note, 'texto livre')).toBeNull();
  });

  it('keeps choices among the options', () => {
    const select = field('select', 'uf', { options });
    expect(errorsOf(select, 'MG')).toBe(m.invalidOption);
    expect(errorsOf(select, { value: 'SP' })).toBe(m.invalidOption);
    expect(errorsOf(select, ['SP'])).toBe(m.invalidOption);
    const multiple = field('multiple_checkbox', 'ufs', { options });
    expect(errorsOf(multiple, ['SP', 'MG'])).toBe(m.invalidOption);
    expect(errorsOf(multiple, 'SP')).toBe(m.invalidOption);
    expect(errorsOf(multiple, [1])).toBe(m.invalidOption);
  });

  it('checks the date and datetime formats and real dates', () => {
    const date = field('date', 'd');
    expect(errorsOf(date, '2024-02-29')).toBeNull();
    expect(errorsOf(date, '2025-02-29')).toBe(m.invalidDate);
    expect(errorsOf(date, '31/12/2025')).toBe(m.invalidDate);
    expect(errorsOf(date, 20251231)).toBe(m.invalidDate);
    const datetime = field('datetime', 'dt');
    expect(errorsOf(datetime, '2025-12-31T10:00')).toBeNull();
    expect(errorsOf(datetime, '2025-12-31 10:00')).toBe(m.invalidDateTime);
    expect(errorsOf(datetime, '2025-12-31T24:00')).toBe(m.invalidDateTime);
  });

  it('checks the rows of a table: required columns, kinds and their number', () => {
    const table = field('table', 'itens', { options: columns });
    expect(errorsOf(table, [{ produto: 'Caneta', obs: '' }, { produto: 'Lápis' }])).toBeNull();
    expect(errorsOf(table, [{ produto: 'Caneta' }, { produto: ' ', obs: 'x' }])).toBe(
      m.tableRowRequired(2, 'Produto'),
    );
    expect(errorsOf(table, [{ produto: 5 }])).toBe(m.invalidValue);
    expect(errorsOf(table, ['Caneta'])).toBe(m.invalidValue);
    expect(errorsOf(table, { produto: 'Caneta' })).toBe(m.invalidValue);
    const rows = Array.from({ length: limits.formTableRowsMax + 1 }, () => ({ produto: 'x' }));
    expect(errorsOf(table, rows)).toBe(m.tooManyRows);
    expect(errorsOf(table, [])).toBeNull();
  });

  it('refuses values of the wrong kind with the field message', () => {
    expect(errorsOf(field('text', 'a'), 42)).toBe(m.invalidValue);
    expect(errorsOf(field('text', 'a', { mask: 'cep' }), 1310100)).toBe(m.invalidMask('00000-000'));
    expect(errorsOf(field('checkbox', 'a'), 'true')).toBe(m.invalidValue);
    expect(errorsOf(field('hidden', 'a'), { x: 1 })).toBe(m.invalidValue);
    expect(errorsOf(field('text', 'a'), 'x'.repeat(limits.formTextMax + 1))).toBe(m.tooLong);
  });

  it('gives every refused field its first message, never a separator', () => {
    const fields = [
      field('text', 'nome', { is_required: true }),
      field('separator', 'sep', { is_required: true }),
      field('text', 'cpf', { validation: 'cpf' }),
      field('hidden', 'origem', { is_required: true }),
    ];
    expect(submissionErrors(fields, { cpf: '111.111.111-11' }, [])).toEqual({
      nome: m.required,
      cpf: m.invalidCpf,
    });
    expect(submissionErrors(fields, { nome: 'Ana', cpf: '529.982.247-25' }, [])).toEqual({});
  });
});

describe('submissionPayload', () => {
  it('keeps the form fields only, each of its type', () => {
    const fields = [
      field('text', 'nome'),
      field('text', 'cpf', { mask: 'cpf' }),
      field('checkbox', 'aceite'),
      field('multiple_select', 'ufs', { options }),
      field('table', 'itens', { options: columns }),
      field('hidden', 'origem', { default_value: 'site' }),
      field('hidden', 'campanha', { default_value: 'padrão' }),
      field('date', 'dia'),
      field('upload', 'doc'),
      field('separator', 'sep'),
    ];
    const payload = submissionPayload(fields, {
      nome: 'Ana',
      cpf: '529.982.247-25',
      aceite: true,
      ufs: ['SP', 7],
      itens: [{ produto: 'Caneta', extra: 'x' }],
      campanha: 'natal',
      doc: 'c:/fakepath/a.pdf',
      sep: 'x',
      intruso: 'x',
    });
    expect(payload).toEqual({
      nome: 'Ana',
      cpf: '529.982.247-25',
      aceite: true,
      ufs: ['SP'],
      itens: [{ produto: 'Caneta', obs: '' }],
      origem: 'site',
      campanha: 'natal',
      dia: '',
    });
  });

  it('gives absent values their empty form', () => {
    const fields = [
      field('text', 'a'),
      field('checkbox', 'b'),
      field('multiple_checkbox', 'c', { options }),
      field('table', 'd', { options: columns }),
    ];
    expect(submissionPayload(fields, {})).toEqual({ a: '', b: false, c: [], d: [] });
  });
});
