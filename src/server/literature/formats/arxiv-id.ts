/**
 * arXiv ids written as numbers somewhere upstream of the bundled snapshot lost digits: the
 * leading zero of 2007–2009 ids (0903.2544 → 903.2544), trailing zeros (1001.0700 → 1001.07)
 * and exactness (1806.07698 → 1806.0769800000001). A new-style id is YYMM.NNNN until 2014 and
 * YYMM.NNNNN from 2015 (arXiv's identifier scheme), which is enough to restore every digit.
 */
const NUMBER_LIKE = /^(\d{3,4})\.(\d+)$/;

export function repairArxivId(id: string): string {
  const match = NUMBER_LIKE.exec(id.trim());
  if (!match) return id;
  const yymm = Number(match[1]);
  const month = yymm % 100;
  if (yymm < 704 || month < 1 || month > 12) return id;
  const width = yymm >= 1501 ? 5 : 4;
  const number = Number(`${match[1]}.${match[2]}`);
  const sequence = Math.round((number - Math.floor(number)) * 10 ** width);
  if (sequence >= 10 ** width) return id;
  return `${String(yymm).padStart(4, '0')}.${String(sequence).padStart(width, '0')}`;
}
