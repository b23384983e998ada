import type WalletPassModuleService from "../service"
import { enrollSignup, walletPassModuleTests } from "./support"

jest.setTimeout(60_000)

type EnrollInput = Parameters<WalletPassModuleService["createHolderForEnrollment"]>[0]

walletPassModuleTests(({ service }) => {
  const enroll = (customer_id: string, phone: string | null, extra: Partial<EnrollInput> = {}) =>
    enrollSignup(service, customer_id, phone, extra)
  const enrollRequests = (holder_id: string) =>
    service.listWalletPassOperations({ holder_id, method: "user_create_or_update" })

  it("a holder recorded without a phone is enrolled once the customer has one, once, even when asked 10 times at once", async () => {
    const first = await enroll("cus_1", null)
    expect(first).toMatchObject({ created: true, state: "not_enrolled_no_phone", error: "no phone", operation: null })
    // No retry asked (a repeated customer.created): nothing changes.
    expect(await enroll("cus_1", "+79990000001")).toMatchObject({
      created: false,
      state: "not_enrolled_no_phone",
      previous: null,
    })

    const results = await Promise.all(
      Array.from({ length: 10 }, () => enroll("cus_1", "+79990000001", { retry: "phone_added" }))
    )
    const changed = results.filter((r) => r!.previous !== null)
    expect(changed).toHaveLength(1)
    expect(changed[0]).toMatchObject({
      state: "pending",
      error: null,
      previous: { phone: null, enrollment_state: "not_enrolled_no_phone" },
    })
    expect(await enrollRequests(first!.holder_id)).toHaveLength(1)
    const [holder] = await service.listWalletPassHolders({ id: first!.holder_id })
    expect(holder).toMatchObject({ phone: "+79990000001", enrollment_state: "pending", enrollment_error: null })
  })

  it("a phone another holder has is a failed enrolment; a new phone of the customer's enrols them", async () => {
    await enroll("cus_other", "+79990000002")
    const taken = await enroll("cus_2", "+79990000002")
    expect(taken).toMatchObject({
      created: true,
      state: "failed",
      error: "phone +79990000002 is already enrolled for another customer",
    })
    // Still the same phone: nothing to do.
    expect(await enroll("cus_2", "+79990000002", { retry: "phone_added" })).toMatchObject({
      state: "failed",
      previous: null,
    })
    const changed = await enroll("cus_2", "+79990000003", { retry: "phone_added" })
    expect(changed).toMatchObject({ state: "pending", previous: { enrollment_state: "failed", phone: null } })
  })

  it("a refused enrolment is retried only when asked for always; an enrolled holder never", async () => {
    const queued = await enroll("cus_3", "+79990000004")
    await service.updateWalletPassHolders({
      id: queued!.holder_id,
      enrollment_state: "failed",
      enrollment_error: "refused",
    })
    expect(await enroll("cus_3", "+79990000004", { retry: "phone_added" })).toMatchObject({
      state: "failed",
      previous: null,
    })
    const retried = await enroll("cus_3", "+79990000004", { retry: "always" })
    expect(retried).toMatchObject({
      state: "pending",
      previous: { phone: "+79990000004", enrollment_state: "failed", enrollment_error: "refused" },
    })
    // The first request's key is taken: the retry has one of its own.
    const requests = await enrollRequests(queued!.holder_id)
    expect(requests).toHaveLength(2)

    await service.updateWalletPassHolders({ id: queued!.holder_id, enrollment_state: "enrolled" })
    expect(await enroll("cus_3", "+79990000005", { retry: "always" })).toMatchObject({
      state: "enrolled",
      previous: null,
      operation: null,
    })
  })

  it("existing_only leaves a customer without a holder alone", async () => {
    expect(await enroll("cus_4", "+79990000006", { retry: "phone_added", existing_only: true })).toBeNull()
    expect(await service.listWalletPassHolders({ customer_id: "cus_4" })).toEqual([])
  })

  it("undoing a re-enrolment gives the holder its earlier state back and withdraws the request", async () => {
    const first = await enroll("cus_5", null)
    const again = await enroll("cus_5", "+79990000007", { retry: "phone_added" })
    await service.undoEnrollment({
      holder_id: again!.holder_id,
      created: false,
      previous: again!.previous,
      operation_id: again!.operation!.id,
    })
    const [holder] = await service.listWalletPassHolders({ id: first!.holder_id })
    expect(holder).toMatchObject({
      phone: null,
      enrollment_state: "not_enrolled_no_phone",
      enrollment_error: "no phone",
    })
    expect(await enrollRequests(first!.holder_id)).toEqual([])
  })
})
