/** A 12-digit Uzbek number as people write it: 998901234567 → "+998 90 123-45-67"; anything else with a plus. */
export function formatPhoneNumber(digits: string): string {
  const parts = /^(998)(\d{2})(\d{3})(\d{2})(\d{2})$/.exec(digits);
  return parts ? `+${parts[1]} ${parts[2]} ${parts[3]}-${parts[4]}-${parts[5]}` : `+${digits}`;
}
