// The `<option>`s of a native model select, one `<optgroup>` per provider (Settings' default model, a preset's model).
import type { JSX } from 'react';
import { refKey, type ModelGroup } from './modelGroups';

export function ModelOptions({ groups }: { groups: readonly ModelGroup[] }): JSX.Element {
  return (
    <>
      {groups.map((group) => (
        <optgroup key={group.provider.id} label={group.provider.name}>
          {group.options.map((option) => (
            <option key={refKey(option)} value={refKey(option)}>
              {option.model}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
