/**
 * The dialogs over an application, the same on the dashboard's list and on its page: its ID
 * document, the confirmation of a decision and that of a deletion. A confirmed one runs its
 * action (useApplicationActions), then hands back whether it succeeded; the caller, inside
 * whose `Modal.Stack` they stand, decides what closes and what is read again.
 */
import type { Application } from '../../lib/applications'
import { IdDocumentImageDialog } from '../documents/IdDocumentViewer'
import { useApplicantFallbacks } from './applicant'
import { DecisionDialog, DeleteDialog, type StackedDialog } from './DecisionDialogs'
import { useApplicationActions, type Decision, type Done } from './use-application-actions'

interface ApplicationDialogsProps {
  /** The stack's registration of each dialog (useDialogStack). */
  register: (dialog: 'document' | 'decide' | 'delete') => StackedDialog
  /** Whose ID document the document dialog shows. */
  shown: Application | null
  decision: { application: Application; status: Decision } | null
  deleting: Application | null
  onDecided: Done
  onDeleted: Done
}

export function ApplicationDialogs({
  register,
  shown,
  decision,
  deleting,
  onDecided,
  onDeleted,
}: ApplicationDialogsProps) {
  const { fallbacks, nameOf } = useApplicantFallbacks()
  const { decide, erase, reviewing, removing } = useApplicationActions(fallbacks, nameOf)
  return (
    <>
      <IdDocumentImageDialog
        {...register('document')}
        documentKey={shown?.idDocument ?? null}
        ownerName={shown ? nameOf(shown) : ''}
      />
      <DecisionDialog
        dialog={register('decide')}
        decision={decision}
        name={decision ? nameOf(decision.application) : ''}
        fallbacks={fallbacks}
        pending={reviewing}
        onConfirm={() => decision && decide(decision.application, decision.status, onDecided)}
      />
      <DeleteDialog
        dialog={register('delete')}
        pending={removing}
        onConfirm={() => deleting && erase(deleting, onDeleted)}
      />
    </>
  )
}
