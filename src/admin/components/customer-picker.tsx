import { Button, Input, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import { getJson } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"

type Found = {
  id: string
  first_name: string | null
  last_name: string | null
  email: string | null
  phone: string | null
}

/** A customer as a merchant knows them: name, else e-mail, with the e-mail and phone beside. */
export const customerLabel = (c: Found) =>
  [[c.first_name, c.last_name].filter(Boolean).join(" ") || c.email || c.phone || "", c.email, c.phone]
    .filter((part, i, all) => part && all.indexOf(part) === i)
    .join(" · ")

/**
 * Picks a store customer by name, e-mail or phone (Medusa's customer search, `q`), as the
 * dashboard's own pickers do: the merchant never copies an id out of an address.
 */
export const CustomerPicker = ({ onPick }: { onPick: (customer: { id: string; label: string } | null) => void }) => {
  const { t } = useWalletPassFormat()
  const [text, setText] = useState("")
  const [q, setQ] = useState("")
  const [picked, setPicked] = useState<string | null>(null)
  // A request once the merchant pauses, not one a keystroke.
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 250)
    return () => clearTimeout(timer)
  }, [text])
  const { data, isFetching } = useQuery({
    queryKey: ["wallet-pass", "customer-picker", q],
    queryFn: () =>
      getJson<{ customers: Found[] }>("/admin/customers", {
        q,
        limit: 5,
        fields: "id,first_name,last_name,email,phone",
      }),
    enabled: q.length >= 2 && !picked,
  })
  const found = data?.customers ?? []
  return (
    <div className="flex flex-col gap-1" data-testid="wallet-pass-customer-picker">
      <Input
        size="small"
        type="search"
        aria-label={t("program.card.customer")}
        placeholder={t("program.card.customer")}
        value={picked ?? text}
        onChange={(e) => {
          setPicked(null)
          onPick(null)
          setText(e.target.value)
        }}
      />
      {!picked && q.length >= 2 && !isFetching && !found.length && (
        <Text size="xsmall" className="text-ui-fg-subtle">
          {t("program.card.noneFound")}
        </Text>
      )}
      {!picked &&
        found.map((c) => (
          <Button
            key={c.id}
            size="small"
            variant="transparent"
            className="justify-start"
            data-testid="wallet-pass-customer-picker-option"
            onClick={() => {
              const label = customerLabel(c)
              setPicked(label)
              onPick({ id: c.id, label })
            }}
          >
            {customerLabel(c)}
          </Button>
        ))}
    </div>
  )
}
