import { parseDecimal } from '../../lib/number';
import { msg } from '../../messages';

/**
 * numberProblem is what the stock dialog says of an optional number field
 * it refused (the sheet rows', the band codes' and the offcut rules'
 * thickness, price, overlength, sizes, the rack's area; not a quantity, whose
 * message asks for a whole number whatever was written): a text that is no
 * number at all ("18 mm", "1,250.50", "abc") is said to be none, as the
 * stock import says of such a cell (msg.notNumberCell); a number out of
 * range or not whole, range (the field's range, in the server's words).
 */
export function numberProblem(text: string, range: string): string {
  return Number.isNaN(parseDecimal(text)) ? msg.notNumberCell(text.trim()) : range;
}
