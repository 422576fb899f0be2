import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/** US Letter, in points. */
export const PAGE = { width: 612, height: 792, margin: 36 } as const;

const INK = rgb(0, 0, 0);
const RULE = rgb(0.35, 0.35, 0.35);

/**
 * One page of a form with the two standard fonts. The standard fonts encode WinAnsi only, so a
 * character outside it (a CJK name, an emoji) is printed as `?` instead of failing the document.
 */
export class FormPage {
  readonly page: PDFPage;
  private readonly regular: PDFFont;
  private readonly bold: PDFFont;
  private readonly printable: ReadonlySet<number>;

  private constructor(page: PDFPage, regular: PDFFont, bold: PDFFont) {
    this.page = page;
    this.regular = regular;
    this.bold = bold;
    this.printable = new Set(regular.getCharacterSet());
  }

  static async create(title: string, subject: string): Promise<{ document: PDFDocument; form: FormPage }> {
    const document = await PDFDocument.create();
    document.setTitle(title);
    document.setSubject(subject);
    document.setProducer('insurance-platform');
    document.setCreator('insurance-platform');
    const page = document.addPage([PAGE.width, PAGE.height]);
    const [regular, bold] = await Promise.all([document.embedFont(StandardFonts.Helvetica), document.embedFont(StandardFonts.HelveticaBold)]);
    return { document, form: new FormPage(page, regular, bold) };
  }

  private safe(text: string): string {
    let result = '';
    for (const character of text) {
      const code = character.codePointAt(0) as number;
      result += code === 0x0a || this.printable.has(code) ? character : '?';
    }
    return result;
  }

  text(text: string, x: number, y: number, options: { size?: number; bold?: boolean } = {}): void {
    this.page.drawText(this.safe(text), { x, y, size: options.size ?? 8, font: options.bold ? this.bold : this.regular, color: INK });
  }

  /** Text wrapped at word boundaries within `width`, at most `maxLines` lines; returns the y below it. */
  paragraph(text: string, x: number, y: number, width: number, options: { size?: number; maxLines?: number } = {}): number {
    const size = options.size ?? 8;
    const lines: string[] = [];
    for (const source of this.safe(text).split('\n')) {
      let line = '';
      for (const word of source.split(' ').flatMap((piece) => this.fitted(piece, width, size))) {
        const candidate = line ? `${line} ${word}` : word;
        if (line && this.regular.widthOfTextAtSize(candidate, size) > width) {
          lines.push(line);
          line = word;
        } else line = candidate;
      }
      lines.push(line);
    }
    const shown = lines.slice(0, options.maxLines ?? lines.length);
    for (const [index, line] of shown.entries()) this.page.drawText(line, { x, y: y - index * (size + 2), size, font: this.regular, color: INK });
    return y - shown.length * (size + 2);
  }

  /** A word wider than the line is cut into pieces that fit. */
  private fitted(word: string, width: number, size: number): string[] {
    if (this.regular.widthOfTextAtSize(word, size) <= width) return [word];
    const pieces: string[] = [];
    let piece = '';
    for (const character of word) {
      if (piece && this.regular.widthOfTextAtSize(piece + character, size) > width) {
        pieces.push(piece);
        piece = '';
      }
      piece += character;
    }
    return piece ? [...pieces, piece] : pieces;
  }

  /** A ruled box with a bold caption in its top-left corner. */
  box(caption: string, x: number, y: number, width: number, height: number): void {
    this.page.drawRectangle({ x, y, width, height, borderColor: RULE, borderWidth: 0.6 });
    if (caption) this.text(caption, x + 3, y + height - 9, { size: 6.5, bold: true });
  }
}
