import clsx from "clsx"
import { forwardRef, type ButtonHTMLAttributes, type HTMLAttributes, type InputHTMLAttributes } from "react"

// The few UI pieces of the dtc-starter's `@modules/common/components/ui` this example uses,
// with the same names and props (Tailwind classes; written here, not copied).

export { clsx as clx }

type TextProps = HTMLAttributes<HTMLParagraphElement> & { as?: "p" | "span" | "div" }

export const Text = forwardRef<HTMLParagraphElement, TextProps>(({ className, as: Tag = "p", ...props }, ref) => (
  <Tag ref={ref} className={clsx("text-base", className)} {...props} />
))
Text.displayName = "Text"

type HeadingProps = HTMLAttributes<HTMLHeadingElement> & { level?: "h1" | "h2" | "h3" }

export const Heading = forwardRef<HTMLHeadingElement, HeadingProps>(
  ({ className, level: Tag = "h2", ...props }, ref) => (
    <Tag
      ref={ref}
      className={clsx(
        "font-semibold",
        Tag === "h1" && "text-3xl",
        Tag === "h2" && "text-2xl",
        Tag === "h3" && "text-xl",
        className
      )}
      {...props}
    />
  )
)
Heading.displayName = "Heading"

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: "primary" | "secondary" | "transparent"
  size?: "small" | "medium" | "large"
  isLoading?: boolean
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(
  ({ className, variant = "primary", size = "medium", isLoading, disabled, children, ...props }, ref) => (
    <button
      ref={ref}
      disabled={disabled || isLoading}
      className={clsx(
        "inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:pointer-events-none disabled:opacity-50",
        variant === "primary" && "bg-black text-white hover:bg-gray-800",
        variant === "secondary" && "border border-gray-200 bg-white text-black hover:bg-gray-50",
        variant === "transparent" && "bg-transparent hover:bg-gray-100",
        size === "small" && "h-8 px-3 text-sm",
        size === "medium" && "h-10 px-4",
        size === "large" && "h-12 px-6 text-lg",
        className
      )}
      {...props}
    >
      {isLoading ? "Loading..." : children}
    </button>
  )
)
Button.displayName = "Button"

type InputProps = InputHTMLAttributes<HTMLInputElement> & { label?: string }

/** A labelled input (the label names it, so `getByLabel` finds it). */
export const Input = forwardRef<HTMLInputElement, InputProps>(({ className, label, id, name, ...props }, ref) => {
  const inputId = id ?? (name ? `input-${name.replace(/\W/g, "-")}` : undefined)
  return (
    <div className="flex flex-col gap-1">
      {label && (
        <label htmlFor={inputId} className="text-sm font-medium">
          {label}
        </label>
      )}
      <input
        ref={ref}
        id={inputId}
        name={name}
        className={clsx(
          "flex h-10 w-full rounded-md border border-gray-200 bg-white px-3 py-2 text-sm placeholder:text-gray-400 focus:outline-none focus:ring-2 focus:ring-gray-900",
          className
        )}
        {...props}
      />
    </div>
  )
})
Input.displayName = "Input"
