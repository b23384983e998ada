/** True for an IANA time zone name the runtime knows ("Europe/Moscow", "UTC"); Intl refuses any other. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name })
    return true
  } catch {
    return false
  }
}
