/**
 * The signed-in user's bell (NotificationBell, loaded in this chunk) and menu: her name (cut at its own end, a Latin name in Arabic too:
 * `dir="auto"`), Dashboard or Admin Panel, My data, Log Out, and "Sign out of all devices" (after a
 * confirmation: every session of hers ends on the server, Firebase signs out here, and she
 * lands on `/login` with a toast saying so).
 */
import { Menu, UnstyledButton } from '@mantine/core'
import { lazy, Suspense, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { displayNameOf, initialsOf, isAdmin, type SessionUser } from '../../lib/user'
import { useLogout } from '../../providers/use-auth-action'
import { Icon, icons } from '@sakan/common/ui/Icon'
import NotificationBell from './NotificationBell'

// The dialog's code and styles load when she first asks for it.
const ConfirmDialog = lazy(() =>
  import('../feedback/ConfirmDialog').then((module) => ({ default: module.ConfirmDialog }))
)

export default function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation('common')
  const { t: ta } = useTranslation('account')
  const { mutate: logout, isPending, variables } = useLogout()
  const [confirming, setConfirming] = useState(false)
  /* The dialog's opener was a menu item, gone with the menu: closing gives the focus back to
     the menu's button instead (the dialog's own return finds nothing to focus). */
  const trigger = useRef<HTMLButtonElement>(null)
  const closeDialog = () => {
    setConfirming(false)
    window.setTimeout(() => trigger.current?.focus({ preventScroll: true }), 20)
  }
  const [dialogLoaded, setDialogLoaded] = useState(false)
  // Once the sessions are ended the page is being replaced: the dialog stays busy until then.
  const [leaving, setLeaving] = useState(false)
  const name = displayNameOf(user)
  const admin = isAdmin(user)
  const endingAll = leaving || (isPending && Boolean(variables?.allDevices))

  const askSignOutEverywhere = () => {
    setDialogLoaded(true)
    setConfirming(true)
  }

  const signOutEverywhere = () =>
    logout(
      { allDevices: true },
      {
        // A refusal is shown as a toast (by useLogout); she stays signed in, the dialog closes.
        onSuccess: (result) => {
          if (result.success) setLeaving(true)
          else setConfirming(false)
        },
        onError: () => setConfirming(false),
      }
    )

  return (
    <>
      <NotificationBell user={user} />
      <Menu
        position="bottom-end"
        width={260}
        shadow="md"
        radius="md"
        withinPortal
        // Its focus placeholder (role="presentation" with a tabindex) is not a menu item: axe
        // aria-required-children. Focus goes to the first item instead, as menus do.
        withInitialFocusPlaceholder={false}
      >
        <Menu.Target>
          {/* Named by what it shows (her name), then what it is: an aria-label would hide
              the visible text from speech input (WCAG 2.5.3). */}
          <UnstyledButton ref={trigger} className="user-menu-trigger" data-testid="user-menu">
            <span className="user-avatar" aria-hidden="true">
              {initialsOf(name)}
            </span>
            <span className="user-name" title={name} dir="auto">
              {name}
            </span>
            <span className="visually-hidden"> ({t('auth.userMenu')})</span>
            <Icon icon={icons.chevronDown} className="icon user-chevron" />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown data-user-menu>
          <Menu.Label className="user-menu-label">
            <span className="user-menu-name" dir="auto">
              {name}
            </span>
            <span className="user-menu-email" dir="ltr">
              {user.email}
            </span>
          </Menu.Label>
          <Menu.Item
            component={Link}
            to={admin ? '/admin' : '/dashboard'}
            leftSection={<Icon icon={icons.dashboard} />}
          >
            {admin ? t('nav.adminPanel') : t('nav.dashboard')}
          </Menu.Item>
          <Menu.Item
            component={Link}
            to="/my-data"
            leftSection={<Icon icon={icons.user} />}
            data-testid="my-data-link"
          >
            {t('nav.myData')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            leftSection={<Icon icon={icons.logout} />}
            disabled={isPending}
            onClick={() => logout({})}
            data-testid="logout"
          >
            {t('auth.logout')}
          </Menu.Item>
          <Menu.Item
            leftSection={<Icon icon={icons.lock} />}
            disabled={isPending}
            onClick={askSignOutEverywhere}
            data-testid="logout-all"
          >
            {ta('signOutEverywhere.menu')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {dialogLoaded && (
        <Suspense fallback={null}>
          <ConfirmDialog
            opened={confirming}
            onClose={closeDialog}
            title={ta('signOutEverywhere.title')}
            cancelLabel={ta('signOutEverywhere.cancel')}
            confirmLabel={ta('signOutEverywhere.confirm')}
            pendingLabel={ta('signOutEverywhere.pending')}
            tone="danger"
            confirmIcon={<Icon icon={icons.logout} />}
            pending={endingAll}
            onConfirm={signOutEverywhere}
            testId="logout-all-dialog"
          >
            <p>{ta('signOutEverywhere.text')}</p>
          </ConfirmDialog>
        </Suspense>
      )}
    </>
  )
}
