/** The signed-in user's menu: her name (truncated), Dashboard or Admin Panel, Log Out. */
import { Menu, UnstyledButton } from '@mantine/core'
import { useLogout } from '@refinedev/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { displayNameOf, initialsOf, isAdmin, type SessionUser } from '../../lib/user'
import { Icon } from '../Icon'

export default function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation('common')
  const { mutate: logout, isPending } = useLogout()
  const name = displayNameOf(user)
  const admin = isAdmin(user)

  return (
    <Menu position="bottom-end" width={240} shadow="md" radius="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          className="user-menu-trigger"
          aria-label={`${t('auth.userMenu')}: ${name}`}
          data-testid="user-menu"
        >
          <span className="user-avatar" aria-hidden="true">
            {initialsOf(name)}
          </span>
          <span className="user-name" title={name}>
            {name}
          </span>
          <Icon name="chevronDown" className="icon user-chevron" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-user-menu>
        <Menu.Label className="user-menu-label">
          <span className="user-menu-name">{name}</span>
          <span className="user-menu-email" dir="ltr">
            {user.email}
          </span>
        </Menu.Label>
        <Menu.Item
          component={Link}
          to={admin ? '/admin' : '/dashboard'}
          leftSection={<Icon name="dashboard" />}
        >
          {admin ? t('nav.adminPanel') : t('nav.dashboard')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          leftSection={<Icon name="logout" />}
          disabled={isPending}
          onClick={() => logout()}
          data-testid="logout"
        >
          {t('auth.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
