import { loadOnce } from '@ponte/shared/load-once';
import { registerStatusLabels, type RegisterEntry } from '@ponte/shared/lgpd/register.schema';
import { registerCells, registerCsvHeader } from './register-csv';

/** pdfkit (and its fonts' code), loaded on the first PDF (docs/adr/0127). */
const loadPdfkit = loadOnce(() => import('pdfkit'));

export const registerPdfTitle = 'Registro das operações de tratamento de dados pessoais';

/** What the first page says of the document. */
export interface RegisterPdfHeading {
  workspace: string;
  /** `DD/MM/YYYY HH:mm`, America/Sao_Paulo. */
  generatedAt: string;
  generatedBy: string;
  /** 'Retenção padrão da instância: 30 dias. Mascaramento padrão da instância: desligado.' */
  instance: string;
  /** The export of the filter 'Só sem registro'. */
  onlyMissing?: boolean;
}

export interface RegisterPdfOptions {
  /** Tests read the text of an uncompressed file. */
  compress?: boolean;
}

const margin = 40;
const gray = '#555555';
const shownWhenEmpty = 'Não informado';

/** Space an entry's heading and first lines need: less than this left starts a new page. */
const entryMinHeight = 110;

/** The fields under each flow's name: every column of the CSV but the name itself. */
const fieldLabels = registerCsvHeader.slice(1);

/** The lines that sum up the register: how many flows, and how many of each status. */
function summaryOf(entries: readonly RegisterEntry[]): string {
  const counts = { none: 0, partial: 0, complete: 0 };
  for (const entry of entries) counts[entry.status] += 1;
  const flows = entries.length === 1 ? '1 flow' : `${entries.length} flows`;
  return `${flows}: ${counts.complete} com registro completo, ${counts.partial} com registro incompleto e ${counts.none} sem registro.`;
}

function writeHeading(doc: PDFKit.PDFDocument, heading: RegisterPdfHeading, summary: string) {
  doc.font('Helvetica-Bold').fontSize(16).fillColor('black').text(registerPdfTitle);
  doc.moveDown(0.5).fontSize(10);
  const line = (label: string, value: string) =>
    doc
      .font('Helvetica-Bold')
      .text(`${label}: `, { continued: true })
      .font('Helvetica')
      .text(value);
  line('Workspace', heading.workspace);
  line('Gerado em', `${heading.generatedAt} (horário de Brasília)`);
  line('Gerado por', heading.generatedBy);
  doc.moveDown(0.3).font('Helvetica').fillColor(gray).text(heading.instance).text(summary);
  if (heading.onlyMissing) doc.text('Filtro aplicado: só os flows sem registro.');
  doc
    .moveDown(0.3)
    .text(
      'Cada flow do workspace aparece abaixo; os que não têm nenhum campo do registro preenchido aparecem como "Sem registro".',
    );
  doc.fillColor('black').moveDown(1);
}

function writeEntry(doc: PDFKit.PDFDocument, entry: RegisterEntry) {
  if (doc.y > doc.page.height - margin - entryMinHeight) doc.addPage();
  const [name, ...values] = registerCells(entry);
  const width = doc.page.width - 2 * margin;
  doc
    .moveTo(margin, doc.y)
    .lineTo(margin + width, doc.y)
    .strokeColor('#bbbbbb')
    .stroke();
  doc.moveDown(0.4);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor('black')
    .text(name ?? '', { continued: true })
    .font('Helvetica')
    .fontSize(10)
    .fillColor(entry.status === 'complete' ? gray : '#b00020')
    .text(`   ${registerStatusLabels[entry.status]}`);
  doc.moveDown(0.2).fontSize(10).fillColor('black');
  fieldLabels.forEach((label, index) => {
    if (label === 'Situação do registro') return;
    const value = values[index] || shownWhenEmpty;
    doc
      .font('Helvetica-Bold')
      .text(`${label}: `, { continued: true })
      .font('Helvetica')
      .fillColor(value === shownWhenEmpty ? gray : 'black')
      .text(value)
      .fillColor('black');
  });
  doc.moveDown(0.8);
}

/** 'Página N de M' at the foot of every page (pages are buffered until the end). */
function writePageNumbers(doc: PDFKit.PDFDocument) {
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(gray)
      .text(
        `${registerPdfTitle} — página ${index + 1} de ${range.count}`,
        margin,
        doc.page.height - margin / 2 - 8,
        { width: doc.page.width - 2 * margin, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
}

/**
 * The register as a PDF (docs/adr/0125): A4 landscape, Helvetica, the title, the workspace,
 * when (America/Sao_Paulo) and by whom it was generated, then one entry per flow with every
 * field, those 'Sem registro' included. Helvetica writes the Latin-1 characters of pt-BR.
 */
export async function registerPdf(
  entries: readonly RegisterEntry[],
  heading: RegisterPdfHeading,
  options: RegisterPdfOptions = {},
): Promise<Buffer> {
  const { default: Pdf } = await loadPdfkit();
  const doc = new Pdf({
    size: 'A4',
    layout: 'landscape',
    margin,
    bufferPages: true,
    compress: options.compress ?? true,
    info: { Title: registerPdfTitle, Author: heading.generatedBy, Creator: 'Ponte' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  writeHeading(doc, heading, summaryOf(entries));
  if (!entries.length) doc.font('Helvetica').text('O workspace não tem nenhum flow.');
  for (const entry of entries) writeEntry(doc, entry);
  writePageNumbers(doc);
  doc.end();
  return done;
}
