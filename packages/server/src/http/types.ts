/** `{success: true, data}` — every successful JSON reply is wrapped the same way. */
export const ok = <T>(data: T) => ({ success: true as const, data });
