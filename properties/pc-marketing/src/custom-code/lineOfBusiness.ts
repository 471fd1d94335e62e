/**
 * The line of business: the third path segment counting the empty one before the leading
 * slash, i.e. the second real segment (spec §2): `/pcg/auto/quote` → `auto`.
 */
export default function lineOfBusiness(pathname: string): string | undefined {
  const segment = pathname.split("/")[2];
  return segment ? segment : undefined;
}
