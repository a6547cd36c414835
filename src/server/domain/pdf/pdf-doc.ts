/**
 * A thin layer over pdfkit for the service's documents: A4, Helvetica (its WinAnsi encoding
 * covers Spanish accents, ñ, ¿ and ¡), a heading, paragraphs, label–value rows and simple
 * tables, collected into one Buffer.
 */
import PDFDocument from 'pdfkit';
import { text } from '../../texts.ts';

/** Soles with two decimals and thousands separators: `S/ 10,590.21`. */
export function soles(x: number): string {
  return `S/ ${x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A fraction as a percentage with two decimals: `0.9 → "90.00%"`. */
export function pct(x: number, digits = 2): string {
  return `${(x * 100).toFixed(digits)}%`;
}

/** The drawing calls the document builders use. */
export interface PdfWriter {
  title(text: string, subtitle?: string): void;
  heading(text: string): void;
  paragraph(text: string): void;
  rows(pairs: [string, string][]): void;
  table(headers: string[], body: string[][], widths: number[]): void;
  signature(names: string[]): void;
}

/** Builds a PDF with `draw` and answers its bytes. `info.Title` names the document. */
export function renderPdf(title: string, draw: (w: PdfWriter) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: title, Author: text('pdf.autor'), Subject: title },
    compress: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = 50;
  const width = doc.page.width - 100;
  const w: PdfWriter = {
    title: (text, subtitle) => {
      doc.font('Helvetica-Bold').fontSize(16).text(text, left, undefined, { width, align: 'center' });
      if (subtitle) doc.font('Helvetica').fontSize(9).text(subtitle, { width, align: 'center' });
      doc.moveDown();
    },
    heading: (text) => {
      doc.moveDown(0.5).font('Helvetica-Bold').fontSize(11).text(text, left, undefined, { width });
      doc.moveDown(0.2);
    },
    paragraph: (text) => {
      doc.font('Helvetica').fontSize(9.5).text(text, left, undefined, { width, align: 'justify' });
      doc.moveDown(0.4);
    },
    rows: (pairs) => {
      for (const [k, v] of pairs) {
        const y = doc.y;
        doc
          .font('Helvetica-Bold')
          .fontSize(9.5)
          .text(k, left, y, { width: width * 0.45 });
        const h1 = doc.y;
        doc
          .font('Helvetica')
          .fontSize(9.5)
          .text(v, left + width * 0.47, y, { width: width * 0.53 });
        doc.y = Math.max(h1, doc.y) + 2;
      }
      doc.x = left;
      doc.moveDown(0.3);
    },
    table: (headers, body, widths) => {
      const total = widths.reduce((s, x) => s + x, 0);
      const cols = widths.map((x) => (x / total) * width);
      const line = (cells: string[], bold: boolean) => {
        if (doc.y > doc.page.height - 80) doc.addPage();
        const y = doc.y;
        let x = left;
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
        cells.forEach((c, i) => {
          doc.text(c, x, y, { width: cols[i]! - 4, align: i === 0 ? 'left' : 'right', lineBreak: false });
          x += cols[i]!;
        });
        doc.y = y + 12;
      };
      line(headers, true);
      for (const r of body) line(r, false);
      doc.x = left;
      doc.moveDown(0.5);
    },
    signature: (names) => {
      doc.moveDown(2);
      for (const n of names) {
        doc
          .font('Helvetica')
          .fontSize(9.5)
          .text('_______________________________', left, undefined, { width });
        doc.text(n, { width });
        doc.moveDown(1.2);
      }
    },
  };
  draw(w);
  doc.end();
  return done;
}
