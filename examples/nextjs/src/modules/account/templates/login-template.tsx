"use client"

import { useState } from "react"
import Login from "../components/login"
import Register from "../components/register"

export default function LoginTemplate() {
  const [view, setView] = useState<"sign-in" | "register">("sign-in")
  return view === "sign-in" ? (
    <Login onRegister={() => setView("register")} />
  ) : (
    <Register onSignIn={() => setView("sign-in")} />
  )
}
