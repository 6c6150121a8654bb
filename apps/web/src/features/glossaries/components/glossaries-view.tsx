import { useNavigate, useSearchParams } from 'react-router';
import { glossaryPath } from '../../../lib/paths';
import { GlossaryEditor } from './glossary-editor';
import { GlossaryList } from './glossary-list';

/**
 * The dashboard's glossaries (?view=glossaries): the list, or one glossary (&glossary={id}, 'new'
 * for one being made), so the browser's back button and a shared address work.
 */
export function GlossariesView() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const open = (id?: string) => void navigate(glossaryPath(id));
  const id = params.get('glossary');
  if (!id) return <GlossaryList onOpen={open} />;
  return (
    <GlossaryEditor
      key={id}
      id={id === 'new' ? null : id}
      onBack={() => open()}
      onOpen={(saved) => void navigate(glossaryPath(saved), { replace: true })}
    />
  );
}
