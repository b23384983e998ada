/**
 * The facade's delegations (service.ts): for each name, a method on the facade's prototype
 * that calls the method of that name of the internal service the facade keeps in `field`,
 * with the same arguments, and answers what it answers. The facade's type takes them from the
 * internal services' own signatures and documentation (an interface merged with the class in
 * service.ts). A name the facade has already (its own, a generated one, or another
 * delegation) is refused when the module loads: one method, one owner.
 */
export function delegate(facade: { prototype: object }, field: string, names: readonly string[]): void {
  for (const name of names) {
    if (name in facade.prototype) {
      throw new Error(`walletPass facade: ${name} is on the facade already (service.ts)`)
    }
    Object.defineProperty(facade.prototype, name, {
      configurable: true,
      writable: true,
      value: function delegated(
        this: Record<string, Record<string, (...args: unknown[]) => unknown>>,
        ...args: unknown[]
      ) {
        return this[field][name](...args)
      },
    })
  }
}
