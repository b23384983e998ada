/**
 * The React pieces' texts, one set per language (docs/storefront-react.md, "Texts and
 * locale"). A component takes the store's `locale` (a BCP 47 tag: "de", "de-DE", "fr-CH")
 * and uses the set of its language, English otherwise; its `text` prop overrides single
 * texts. Every set is a full {@link WalletPassTexts}: a language added here must give every
 * text (the type says which).
 */

/** Texts of "Add to Wallet" (AddToWallet). */
export type AddToWalletTexts = {
  finding: string
  qrAlt: string
  qrTitle: string
  qrHint: string
  openHere: string
}

/** The words on a wallet button: `lead` over (or before) `name`; together, its accessible name. */
export type WalletButtonTexts = Record<"apple" | "google", { lead: string; name: string }>

/** Texts of proving the phone (PhoneVerification). */
export type PhoneVerificationTexts = {
  lead: (phone: string | null | undefined) => string
  send: string
  sending: string
  codeLabel: (phone: string) => string
  confirm: string
  confirming: string
  resend: string
  verified: string
  /** Said when the code's text did not go and the store gave no message of its own. */
  notSent: string
}

/** Texts of "Pay with bonus" (PayWithBonus); amounts arrive written as money. */
export type PayWithBonusTexts = {
  title: string
  upTo: (max: string) => string
  cap: (percent: number) => string
  inputLabel: string
  apply: string
  applied: (amount: string) => string
  mayUse: (max: string, cap: string) => string
  remove: string
  nothing: string
  /** Why the most is lower: the lines that cannot be paid with bonus ("Gift card (gift card)"), what they cost. */
  excluded: (lines: string, total: string) => string
  /** A line's reason, after its title. */
  excludedReason: { gift_card: string; rule: string }
  problems: {
    empty: string
    not_a_number: string
    not_positive: string
    over_max: (max: string) => string
  }
}

/** Texts of the level and the way to the next (LevelProgress); amounts arrive written as money. */
export type LevelProgressTexts = {
  level: string
  noLevel: string
  toNext: (missing: string, next: string) => string
  progressLabel: (next: string) => string
  progressValue: (spend: string, threshold: string) => string
  top: string
}

/** Texts of the balance and its pending part (BonusBalance); amounts and dates arrive written. */
export type BonusBalanceTexts = {
  balance: string
  /** "+€1.66 pending" (docs/loyalty.md, "Pending bonus"). */
  pending: (amount: string) => string
  /** "spendable from 12 Dec 2026": when the next pending part becomes spendable. */
  until: (date: string) => string
}

/** Texts of "You will earn" (YouWillEarn); the bonus arrives written as money. */
export type YouWillEarnTexts = {
  /** On a product page. */
  product: (bonus: string) => string
  /** In the cart. */
  cart: (bonus: string) => string
  /** Said when the product or cart earns nothing (left out when empty). */
  none: string
  /** Said beside a product that cannot be paid with bonus. */
  notRedeemable: string
}

/** One language's texts of every piece. */
export type WalletPassTexts = {
  addToWallet: AddToWalletTexts
  walletButton: WalletButtonTexts
  phoneVerification: PhoneVerificationTexts
  payWithBonus: PayWithBonusTexts
  levelProgress: LevelProgressTexts
  bonusBalance: BonusBalanceTexts
  youWillEarn: YouWillEarnTexts
}

const en: WalletPassTexts = {
  addToWallet: {
    finding: "Finding the right wallet for this device…",
    qrAlt: "QR code that adds your card to your phone's wallet",
    qrTitle: "Scan with your phone",
    qrHint:
      "Point your phone's camera at the code: the card goes to Apple Wallet on an iPhone, Google Wallet on Android.",
    openHere: "Or open the link on this device",
  },
  walletButton: {
    apple: { lead: "Add to", name: "Apple Wallet" },
    google: { lead: "Add to", name: "Google Wallet" },
  },
  phoneVerification: {
    lead: (phone) =>
      `Prove that ${phone || "your phone"} is yours to see your whole balance, pay with it and add the card to your wallet.`,
    send: "Text me a code",
    sending: "Sending…",
    codeLabel: (phone) => `Code sent to ${phone}`,
    confirm: "Verify",
    confirming: "Checking…",
    resend: "Send a new code",
    verified: "Your phone is verified.",
    notSent: "The code could not be texted to your phone. Try again later.",
  },
  payWithBonus: {
    title: "Pay with bonus",
    upTo: (max) => `up to ${max}`,
    cap: (percent) => `at most ${percent}% of the items`,
    inputLabel: "Bonus to use",
    apply: "Apply",
    applied: (amount) => `${amount} paid with bonus`,
    mayUse: (max, cap) => `You may use up to ${max} (${cap}).`,
    remove: "Remove",
    nothing: "This cart cannot be paid with bonus.",
    excluded: (lines, total) => `Not payable with bonus: ${lines} (${total}).`,
    excludedReason: { gift_card: "gift card", rule: "excluded by the store" },
    problems: {
      empty: "Enter the bonus to use.",
      not_a_number: "Enter an amount, e.g. 12.50.",
      not_positive: "Enter an amount above zero.",
      over_max: (max) => `At most ${max} for this cart.`,
    },
  },
  levelProgress: {
    level: "Level",
    noLevel: "No level yet",
    toNext: (missing, next) => `Spend ${missing} more to reach ${next}.`,
    progressLabel: (next) => `Progress to ${next}`,
    progressValue: (spend, threshold) => `${spend} of ${threshold}`,
    top: "You are at the top level.",
  },
  bonusBalance: {
    balance: "Bonus",
    pending: (amount) => `+${amount} pending`,
    until: (date) => `spendable from ${date}`,
  },
  youWillEarn: {
    product: (bonus) => `Earn ${bonus} in bonus`,
    cart: (bonus) => `You will earn ${bonus} in bonus with this order`,
    none: "",
    notRedeemable: "Cannot be paid with bonus",
  },
}

const de: WalletPassTexts = {
  addToWallet: {
    finding: "Die passende Wallet für dieses Gerät wird gesucht…",
    qrAlt: "QR-Code, der Ihre Karte zur Wallet Ihres Telefons hinzufügt",
    qrTitle: "Mit dem Telefon scannen",
    qrHint:
      "Richten Sie die Kamera Ihres Telefons auf den Code: Die Karte kommt auf einem iPhone in Apple Wallet, auf Android in Google Wallet.",
    openHere: "Oder den Link auf diesem Gerät öffnen",
  },
  walletButton: {
    apple: { lead: "Zu", name: "Apple Wallet hinzufügen" },
    google: { lead: "Zu", name: "Google Wallet hinzufügen" },
  },
  phoneVerification: {
    lead: (phone) =>
      `Bestätigen Sie, dass ${phone || "Ihr Telefon"} Ihnen gehört: Dann sehen Sie Ihr ganzes Guthaben, können damit bezahlen und die Karte zu Ihrer Wallet hinzufügen.`,
    send: "Code per SMS senden",
    sending: "Wird gesendet…",
    codeLabel: (phone) => `Code gesendet an ${phone}`,
    confirm: "Bestätigen",
    confirming: "Wird geprüft…",
    resend: "Neuen Code senden",
    verified: "Ihr Telefon ist bestätigt.",
    notSent: "Der Code konnte nicht per SMS an Ihr Telefon gesendet werden. Versuchen Sie es später erneut.",
  },
  payWithBonus: {
    title: "Mit Bonus bezahlen",
    upTo: (max) => `bis zu ${max}`,
    cap: (percent) => `höchstens ${percent} % der Artikel`,
    inputLabel: "Einzusetzender Bonus",
    apply: "Einlösen",
    applied: (amount) => `${amount} mit Bonus bezahlt`,
    mayUse: (max, cap) => `Sie können bis zu ${max} einsetzen (${cap}).`,
    remove: "Entfernen",
    nothing: "Dieser Warenkorb kann nicht mit Bonus bezahlt werden.",
    excluded: (lines, total) => `Nicht mit Bonus bezahlbar: ${lines} (${total}).`,
    excludedReason: { gift_card: "Geschenkkarte", rule: "vom Shop ausgenommen" },
    problems: {
      empty: "Geben Sie den Bonus ein, den Sie einsetzen möchten.",
      not_a_number: "Geben Sie einen Betrag ein, z. B. 12,50.",
      not_positive: "Geben Sie einen Betrag über null ein.",
      over_max: (max) => `Höchstens ${max} für diesen Warenkorb.`,
    },
  },
  levelProgress: {
    level: "Stufe",
    noLevel: "Noch keine Stufe",
    toNext: (missing, next) => `Noch ${missing} bis ${next}.`,
    progressLabel: (next) => `Fortschritt bis ${next}`,
    progressValue: (spend, threshold) => `${spend} von ${threshold}`,
    top: "Sie haben die höchste Stufe erreicht.",
  },
  bonusBalance: {
    balance: "Bonus",
    pending: (amount) => `+${amount} ausstehend`,
    until: (date) => `einlösbar ab ${date}`,
  },
  youWillEarn: {
    product: (bonus) => `${bonus} Bonus sammeln`,
    cart: (bonus) => `Mit dieser Bestellung sammeln Sie ${bonus} Bonus`,
    none: "",
    notRedeemable: "Nicht mit Bonus bezahlbar",
  },
}

const fr: WalletPassTexts = {
  addToWallet: {
    finding: "Recherche du portefeuille adapté à cet appareil…",
    qrAlt: "Code QR qui ajoute votre carte au portefeuille de votre téléphone",
    qrTitle: "Scannez avec votre téléphone",
    qrHint:
      "Pointez l'appareil photo de votre téléphone sur le code : la carte va dans Apple Wallet sur un iPhone, dans Google Wallet sur Android.",
    openHere: "Ou ouvrez le lien sur cet appareil",
  },
  walletButton: {
    apple: { lead: "Ajouter à", name: "Apple Wallet" },
    google: { lead: "Ajouter à", name: "Google Wallet" },
  },
  phoneVerification: {
    lead: (phone) =>
      `Prouvez que ${phone || "votre téléphone"} vous appartient pour voir tout votre solde, payer avec et ajouter la carte à votre portefeuille.`,
    send: "M'envoyer un code par SMS",
    sending: "Envoi…",
    codeLabel: (phone) => `Code envoyé au ${phone}`,
    confirm: "Vérifier",
    confirming: "Vérification…",
    resend: "Envoyer un nouveau code",
    verified: "Votre téléphone est vérifié.",
    notSent: "Le code n'a pas pu être envoyé par SMS à votre téléphone. Réessayez plus tard.",
  },
  payWithBonus: {
    title: "Payer avec le bonus",
    upTo: (max) => `jusqu'à ${max}`,
    cap: (percent) => `au plus ${percent} % des articles`,
    inputLabel: "Bonus à utiliser",
    apply: "Appliquer",
    applied: (amount) => `${amount} payés avec le bonus`,
    mayUse: (max, cap) => `Vous pouvez utiliser jusqu'à ${max} (${cap}).`,
    remove: "Retirer",
    nothing: "Ce panier ne peut pas être payé avec le bonus.",
    excluded: (lines, total) => `Non payable avec le bonus : ${lines} (${total}).`,
    excludedReason: { gift_card: "carte cadeau", rule: "exclu par la boutique" },
    problems: {
      empty: "Saisissez le bonus à utiliser.",
      not_a_number: "Saisissez un montant, par ex. 12,50.",
      not_positive: "Saisissez un montant supérieur à zéro.",
      over_max: (max) => `Au plus ${max} pour ce panier.`,
    },
  },
  levelProgress: {
    level: "Niveau",
    noLevel: "Pas encore de niveau",
    toNext: (missing, next) => `Encore ${missing} d'achats pour atteindre ${next}.`,
    progressLabel: (next) => `Progression vers ${next}`,
    progressValue: (spend, threshold) => `${spend} sur ${threshold}`,
    top: "Vous êtes au niveau le plus haut.",
  },
  bonusBalance: {
    balance: "Bonus",
    pending: (amount) => `+${amount} en attente`,
    until: (date) => `utilisable à partir du ${date}`,
  },
  youWillEarn: {
    product: (bonus) => `Gagnez ${bonus} de bonus`,
    cart: (bonus) => `Vous gagnerez ${bonus} de bonus avec cette commande`,
    none: "",
    notRedeemable: "Non payable avec le bonus",
  },
}

const es: WalletPassTexts = {
  addToWallet: {
    finding: "Buscando la cartera adecuada para este dispositivo…",
    qrAlt: "Código QR que añade tu tarjeta a la cartera de tu teléfono",
    qrTitle: "Escanéalo con tu teléfono",
    qrHint:
      "Apunta la cámara de tu teléfono al código: la tarjeta va a Apple Wallet en un iPhone y a Google Wallet en Android.",
    openHere: "O abre el enlace en este dispositivo",
  },
  walletButton: {
    apple: { lead: "Añadir a", name: "Apple Wallet" },
    google: { lead: "Añadir a", name: "Google Wallet" },
  },
  phoneVerification: {
    lead: (phone) =>
      `Demuestra que ${phone || "tu teléfono"} es tuyo para ver todo tu saldo, pagar con él y añadir la tarjeta a tu cartera.`,
    send: "Envíame un código por SMS",
    sending: "Enviando…",
    codeLabel: (phone) => `Código enviado a ${phone}`,
    confirm: "Verificar",
    confirming: "Comprobando…",
    resend: "Enviar un código nuevo",
    verified: "Tu teléfono está verificado.",
    notSent: "No se pudo enviar el código por SMS a tu teléfono. Inténtalo más tarde.",
  },
  payWithBonus: {
    title: "Pagar con bonus",
    upTo: (max) => `hasta ${max}`,
    cap: (percent) => `como máximo el ${percent} % de los artículos`,
    inputLabel: "Bonus que usar",
    apply: "Aplicar",
    applied: (amount) => `${amount} pagados con bonus`,
    mayUse: (max, cap) => `Puedes usar hasta ${max} (${cap}).`,
    remove: "Quitar",
    nothing: "Este carrito no se puede pagar con bonus.",
    excluded: (lines, total) => `No se puede pagar con bonus: ${lines} (${total}).`,
    excludedReason: { gift_card: "tarjeta regalo", rule: "excluido por la tienda" },
    problems: {
      empty: "Introduce el bonus que quieres usar.",
      not_a_number: "Introduce un importe, p. ej. 12,50.",
      not_positive: "Introduce un importe mayor que cero.",
      over_max: (max) => `Como máximo ${max} para este carrito.`,
    },
  },
  levelProgress: {
    level: "Nivel",
    noLevel: "Aún sin nivel",
    toNext: (missing, next) => `Gasta ${missing} más para llegar a ${next}.`,
    progressLabel: (next) => `Progreso hacia ${next}`,
    progressValue: (spend, threshold) => `${spend} de ${threshold}`,
    top: "Estás en el nivel más alto.",
  },
  bonusBalance: {
    balance: "Bono",
    pending: (amount) => `+${amount} pendiente`,
    until: (date) => `disponible desde el ${date}`,
  },
  youWillEarn: {
    product: (bonus) => `Gana ${bonus} de bonus`,
    cart: (bonus) => `Ganarás ${bonus} de bonus con este pedido`,
    none: "",
    notRedeemable: "No se puede pagar con bonus",
  },
}

/** The built-in texts by language (the primary subtag of a BCP 47 tag, lower case). */
export const WALLET_PASS_TEXTS = { en, de, fr, es } as const satisfies Record<string, WalletPassTexts>

export type WalletPassLanguage = keyof typeof WALLET_PASS_TEXTS

/** The language of `locale` ("de-DE" → "de") when the kit has its texts, else "en". */
export function textLanguage(locale: string | null | undefined): WalletPassLanguage {
  const language = (locale ?? "").trim().split(/[-_]/)[0].toLowerCase()
  return language in WALLET_PASS_TEXTS ? (language as WalletPassLanguage) : "en"
}

/** The built-in texts for `locale` (English when the kit has none in its language). */
export function textsFor(locale: string | null | undefined): WalletPassTexts {
  return WALLET_PASS_TEXTS[textLanguage(locale)]
}

/**
 * The class of a part: the slot's class, with the class of the kind of part it is (e.g. every
 * button's class, then the primary button's); undefined when neither is given, so no `class`
 * attribute is drawn.
 */
export function cx(...classes: Array<string | null | undefined | false>): string | undefined {
  const joined = classes.filter(Boolean).join(" ")
  return joined || undefined
}
