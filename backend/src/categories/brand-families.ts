/** A brand as `categories` stores it, with the brand it is a series of. */
export interface BrandRow {
  id: string;
  name: string;
  parent_id: string | null;
}

/**
 * Brands as people know them (issue 36 item 4): the brand a buyer picks by id or by name, in any
 * case, stands for itself and its series (Xiaomi: Xiaomi, Redmi and POCO); a series for itself alone.
 */
export class BrandFamilies {
  private readonly byId = new Map<string, string[]>();
  private readonly idByName = new Map<string, string>();

  constructor(rows: readonly BrandRow[]) {
    for (const row of rows) {
      this.idByName.set(row.name.toLowerCase(), row.id);
      if (!this.byId.has(row.id)) this.byId.set(row.id, [row.id]);
    }
    for (const row of rows) if (row.parent_id) this.byId.get(row.parent_id)?.push(row.id);
  }

  /** The brand's id first, then its series'; none for a brand that does not exist. */
  idsOf(brand: string): string[] {
    const id = this.byId.has(brand.toLowerCase()) ? brand.toLowerCase() : this.idByName.get(brand.toLowerCase());
    return (id && this.byId.get(id)) || [];
  }
}
