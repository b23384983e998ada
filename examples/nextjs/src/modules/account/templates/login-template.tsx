"use client"

import { useState } from "react"
import Login from "../components/login"
import Register from "../components/register"

export default function LoginTemplate() {
  const [view, setView] = useState<"sign-in" | "register">("sign-in")
  return (
    <div className="flex w-full justify-start px-8 py-8">
      {view === "sign-in" ? (
        <Login onRegister={() => setView("register")} />
      ) : (
        <Register onSignIn={() => setView("sign-in")} />
      )}
    </div>
  )
}
