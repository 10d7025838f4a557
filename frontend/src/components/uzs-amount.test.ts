import { describe, expect, it } from 'vitest';
import { formatUzs } from './uzs-amount';

describe('formatUzs', () => {
  it("groups thousands with spaces and shows no decimals, as uz-UZ does", () => {
    expect(formatUzs(0)).toBe("0\u00a0so'm");
    expect(formatUzs(39_900)).toBe("39\u00a0900\u00a0so'm");
    expect(formatUzs(1_250_000.4)).toBe("1\u00a0250\u00a0000\u00a0so'm");
  });
});
