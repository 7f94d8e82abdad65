/**
 * Signing in, registering and logging out without Refine's hooks, so the sign-in pages and
 * the header load none of Refine (its core, React Query, the router binding): the same auth
 * provider, and what Refine's `useLogin`/`useRegister`/`useLogout` do with its answer — the
 * failure as an error toast under one key (closed by the next success), then `redirectTo`.
 */
import type { AuthActionResponse } from '@refinedev/core'
import { useCallback, useState } from 'react'
import { useNavigate } from 'react-router'
import { notificationProvider } from '../lib/toasts'
import {
  authProvider,
  type LoginParams,
  type LogoutParams,
  type RegisterParams,
} from './auth-provider'
import { i18n } from './i18n'

interface ActionOptions {
  /** The toast's key, and the translation keys of its title and text when the error has none. */
  key: string
  fallbackTitle: string
  fallbackDescription: string
  /** `replace` for the sign-in pages (Back does not return to them), a new entry after Log Out. */
  replace: boolean
}

interface Callbacks {
  onSuccess?: (result: AuthActionResponse) => void
  onError?: (error: unknown) => void
}

export interface AuthAction<P> {
  mutate: (params: P, callbacks?: Callbacks) => void
  isPending: boolean
  variables: P | undefined
}

function useAuthAction<P>(
  run: (params: P) => Promise<AuthActionResponse>,
  options: ActionOptions
): AuthAction<P> {
  const navigate = useNavigate()
  const [isPending, setPending] = useState(false)
  const [variables, setVariables] = useState<P>()
  const { key, fallbackTitle, fallbackDescription, replace } = options

  const fail = useCallback(
    (error: unknown) => {
      const known = error instanceof Error ? error : undefined
      notificationProvider.open?.({
        key,
        type: 'error',
        message: known?.name || i18n.t(fallbackTitle),
        description: known?.message || i18n.t(fallbackDescription),
      })
    },
    [key, fallbackTitle, fallbackDescription]
  )

  const mutate = useCallback(
    (params: P, callbacks?: Callbacks) => {
      setPending(true)
      setVariables(params)
      run(params).then(
        (result) => {
          if (result.success) notificationProvider.close?.(key)
          if (result.error || !result.success) fail(result.error)
          if (result.redirectTo) void navigate(result.redirectTo, { replace })
          setPending(false)
          callbacks?.onSuccess?.(result)
        },
        (error: unknown) => {
          fail(error)
          setPending(false)
          callbacks?.onError?.(error)
        }
      )
    },
    [run, key, replace, fail, navigate]
  )

  return { mutate, isPending, variables }
}

const login = (params: LoginParams) => authProvider.login(params)
const register = (params: RegisterParams) => authProvider.register!(params)
const logout = (params: LogoutParams | void) => authProvider.logout(params ?? {})

export const useLogin = () =>
  useAuthAction(login, {
    key: 'login-error',
    fallbackTitle: 'login.error',
    fallbackDescription: 'login.errors.generic',
    replace: true,
  })

export const useRegister = () =>
  useAuthAction(register, {
    key: 'register-error',
    fallbackTitle: 'register.error',
    fallbackDescription: 'register.errors.generic',
    replace: true,
  })

export const useLogout = () =>
  useAuthAction(logout, {
    key: 'useLogout-error',
    fallbackTitle: 'signOutEverywhere.failed',
    fallbackDescription: 'signOutEverywhere.failedText',
    replace: false,
  })
