import { authenticateHook, HookRequestFacts, secretsEqual } from "../authenticate"

const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString("base64")}`
const facts = (over: Partial<HookRequestFacts> = {}): HookRequestFacts => ({
  socketAddress: "::ffff:127.0.0.1",
  forwardedAddress: "127.0.0.1",
  headers: {},
  ...over,
})
const BASIC = { login: "svc", password: "pw-secret", trustProxy: false }
const CRM = { crmKey: "crm-secret", trustProxy: false }

describe("hook authentication", () => {
  it("compares secrets of any length", () => {
    expect(secretsEqual("a", "a")).toBe(true)
    expect(secretsEqual("a", "ab")).toBe(false)
  })

  it("refuses everything when hooks are not configured", () => {
    expect(authenticateHook(undefined, facts({ authorization: basic("svc", "pw-secret") }))).toMatchObject({
      ok: false,
      status: 401,
    })
  })

  it("HTTP Basic: right credentials pass, anything else is 401", () => {
    expect(authenticateHook(BASIC, facts({ authorization: basic("svc", "pw-secret") }))).toEqual({ ok: true })
    for (const authorization of [
      undefined,
      basic("svc", "wrong"),
      basic("other", "pw-secret"),
      "Bearer x",
      "Basic !!!",
    ]) {
      expect(authenticateHook(BASIC, facts({ authorization }))).toMatchObject({ ok: false, status: 401 })
    }
  })

  it("crm_key: the key as Basic password with an empty login, in the body, or both", () => {
    expect(authenticateHook(CRM, facts({ authorization: basic("", "crm-secret") }))).toEqual({ ok: true })
    expect(authenticateHook(CRM, facts({ bodyCrmKey: "crm-secret" }))).toEqual({ ok: true })
    expect(authenticateHook(CRM, facts({ authorization: basic("", "crm-secret"), bodyCrmKey: "crm-secret" }))).toEqual({
      ok: true,
    })
  })

  it("crm_key: a wrong key anywhere, a login, or no key is 401", () => {
    const refused = [
      facts(),
      facts({ bodyCrmKey: "wrong" }),
      facts({ authorization: basic("", "wrong") }),
      facts({ authorization: basic("someone", "crm-secret") }),
      facts({ authorization: basic("", "crm-secret"), bodyCrmKey: "wrong" }),
      facts({ authorization: basic("", "wrong"), bodyCrmKey: "crm-secret" }),
      facts({ bodyCrmKey: 12345 }),
    ]
    for (const f of refused) {
      expect(authenticateHook(CRM, f)).toMatchObject({ ok: false, status: 401 })
    }
  })

  it("the allowed IP is checked on the socket address; X-Forwarded-For counts only with trustProxy", () => {
    const withIp = { ...BASIC, allowedIp: "203.0.113.5" }
    const auth = basic("svc", "pw-secret")
    expect(authenticateHook(withIp, facts({ authorization: auth, socketAddress: "::ffff:203.0.113.5" }))).toEqual({
      ok: true,
    })
    expect(authenticateHook(withIp, facts({ authorization: auth, forwardedAddress: "203.0.113.5" }))).toMatchObject({
      ok: false,
      status: 403,
    })
    const proxied = { ...withIp, trustProxy: true }
    expect(authenticateHook(proxied, facts({ authorization: auth, forwardedAddress: "203.0.113.5" }))).toEqual({
      ok: true,
    })
    expect(
      authenticateHook(
        proxied,
        facts({ authorization: auth, socketAddress: "::ffff:203.0.113.5", forwardedAddress: "10.0.0.1" })
      )
    ).toMatchObject({ ok: false, status: 403 })
  })

  it("configured X-* headers must match", () => {
    const ids = { ...BASIC, organizationId: "org-1", programId: "prog-1", walletId: "wal-1" }
    const auth = basic("svc", "pw-secret")
    const good = { "x-organization-id": "org-1", "x-program-id": "prog-1", "x-wallet-id": "wal-1" }
    expect(authenticateHook(ids, facts({ authorization: auth, headers: good }))).toEqual({ ok: true })
    for (const key of Object.keys(good)) {
      const result = authenticateHook(ids, facts({ authorization: auth, headers: { ...good, [key]: "other" } }))
      expect(result).toMatchObject({ ok: false, status: 403, error: expect.stringContaining(key) })
    }
  })

  it("never puts a secret in its error", () => {
    const result = authenticateHook(CRM, facts({ bodyCrmKey: "crm-secret-but-wrong" }))
    expect(JSON.stringify(result)).not.toMatch(/crm-secret/)
  })
})
