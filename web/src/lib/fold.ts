const asciiOf: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u', â: 'a', î: 'i', û: 'u' };

/**
 * foldName is a name as a search compares it: lower case the Turkish way,
 * and the Turkish letters ç ğ ı İ ö ş ü and â î û (either case) as the
 * plain letters c g i i o s u a i u. It folds as the server's layout search
 * does (store.FoldName), so that a query typed without Turkish letters
 * ("arkalik", "mutfak isi") finds alike the saved layouts the server
 * searches and the names searched in the browser ("Arkalık", "Mutfak İşi");
 * beyond FoldName it also lower-cases letters of other alphabets.
 */
export function foldName(s: string): string {
  return s
    .toLocaleLowerCase('tr-TR')
    .normalize('NFC')
    .replace(/\u0307/g, '') // the dot of a lower-cased I with a dot, from another locale
    .replace(/[çğıöşüâîû]/g, (c) => asciiOf[c] ?? c);
}
