import { useCombobox } from 'downshift';
import { type ReactNode, useMemo, useState } from 'react';
import { type CatalogueEntry, catalogueEntry } from '../../../../shared/indicator-catalogue';
import { InfoTooltip } from '../../../components/InfoTooltip';
import { type IndicatorOptionGroup, filterIndicatorGroups } from '../indicator-options';
import { UPGRADE_PLAN_NAME } from '../plan-marks';
import { FieldShell } from './Field';
import styles from './IndicatorCombobox.module.css';

interface IndicatorComboboxProps {
  /** The field's request path (its id, label and error place), e.g. "entry.parameters.0.indicator1". */
  path: string;
  error?: string | undefined;
  hint?: ReactNode;
  groups: readonly IndicatorOptionGroup[];
  /** The chosen label. */
  value: string;
  onChange: (label: string) => void;
  /** Whether an entry is outside the user's plan (it gets a "Pro" badge). */
  outsidePlan: (entry: CatalogueEntry) => boolean;
}

const labelOf = (entry: CatalogueEntry | null) => entry?.label ?? '';

/**
 * A searchable, grouped indicator picker (WAI-ARIA 1.2 combobox with a listbox popup, through
 * downshift's useCombobox): typing finds entries by name, alias, description and group (best
 * matches first), arrows, Home, End, Enter and
 * Escape work in the list, Tab leaves. Each option has a one-line description; the active
 * option's formula shows under the list, the chosen one's in a tooltip.
 */
export function IndicatorCombobox({
  path,
  error,
  hint,
  groups,
  value,
  onChange,
  outsidePlan,
}: IndicatorComboboxProps) {
  // What the user typed since the list last showed everything ('' after a choice or Escape).
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterIndicatorGroups(groups, query), [groups, query]);
  const items = useMemo(() => shown.flatMap((group) => group.entries), [shown]);
  const selected = catalogueEntry(value) ?? null;

  return (
    <FieldShell
      path={path}
      error={error}
      hint={hint}
      control={(wiring) => (
        <Combobox
          id={wiring.id}
          describedBy={wiring['aria-describedby']}
          invalid={Boolean(error)}
          shown={shown}
          items={items}
          selected={selected}
          onQuery={setQuery}
          onChange={onChange}
          outsidePlan={outsidePlan}
        />
      )}
    />
  );
}

interface ComboboxProps {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  shown: readonly IndicatorOptionGroup[];
  items: readonly CatalogueEntry[];
  selected: CatalogueEntry | null;
  onQuery: (query: string) => void;
  onChange: (label: string) => void;
  outsidePlan: (entry: CatalogueEntry) => boolean;
}

function Combobox({
  id,
  describedBy,
  invalid,
  shown,
  items,
  selected,
  onQuery,
  onChange,
  outsidePlan,
}: ComboboxProps) {
  const optionId = (index: number) => `${id}-option-${index}`;
  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps, getToggleButtonProps } =
    useCombobox<CatalogueEntry>({
      items: [...items],
      itemToString: labelOf,
      selectedItem: selected,
      initialInputValue: labelOf(selected),
      inputId: id,
      labelId: `${id}-label`,
      menuId: `${id}-listbox`,
      toggleButtonId: `${id}-toggle`,
      getItemId: optionId,
      onInputValueChange: ({ type, inputValue }) =>
        onQuery(type === useCombobox.stateChangeTypes.InputChange ? (inputValue ?? '') : ''),
      onSelectedItemChange: ({ selectedItem }) => {
        if (selectedItem) onChange(selectedItem.label);
      },
      // A row always has an indicator: Escape, or leaving with a half-typed filter, puts the
      // chosen one back instead of clearing it.
      stateReducer: (state, { type, changes }) => {
        const { InputKeyDownEscape, InputBlur } = useCombobox.stateChangeTypes;
        if (
          type === InputKeyDownEscape ||
          (type === InputBlur && changes.selectedItem === state.selectedItem)
        ) {
          return { ...changes, selectedItem: state.selectedItem, inputValue: labelOf(state.selectedItem) };
        }
        return changes;
      },
    });
  const active = isOpen && highlightedIndex >= 0 ? items[highlightedIndex] : undefined;

  let index = 0;
  return (
    <div className={styles.combobox}>
      <div className={styles.inputRow}>
        <input
          className={styles.input}
          {...getInputProps({
            'aria-describedby': describedBy,
            'aria-invalid': invalid || undefined,
            autoComplete: 'off',
            spellCheck: false,
            onFocus: (event) => event.currentTarget.select(),
          })}
        />
        <button
          type="button"
          className={styles.toggle}
          {...getToggleButtonProps({ tabIndex: -1, 'aria-label': 'Show the indicators' })}
        >
          <span aria-hidden="true">▾</span>
        </button>
        {selected && (
          <InfoTooltip label={`About ${selected.label}`}>
            {selected.description} Formula: {selected.formula}
          </InfoTooltip>
        )}
      </div>
      <div className={styles.popup} hidden={!isOpen}>
        <ul className={styles.listbox} {...getMenuProps()}>
          {isOpen &&
            shown.map((group) => {
              const groupLabelId = `${id}-group-${group.name.replace(/\W+/g, '-')}`;
              return (
                <li key={group.name} role="presentation">
                  <ul role="group" aria-labelledby={groupLabelId} className={styles.group}>
                    <li role="presentation" id={groupLabelId} className={styles.groupLabel}>
                      {group.name}
                    </li>
                    {group.entries.map((entry) => {
                      const itemIndex = index++;
                      const pro = outsidePlan(entry);
                      return (
                        <li
                          key={entry.label}
                          className={`${styles.option} ${itemIndex === highlightedIndex ? styles.active : ''}`}
                          aria-labelledby={`${optionId(itemIndex)}-name`}
                          aria-describedby={`${optionId(itemIndex)}-description`}
                          {...getItemProps({ item: entry, index: itemIndex })}
                        >
                          <span className={styles.optionName}>
                            <span id={`${optionId(itemIndex)}-name`}>
                              {entry.label}
                              {pro && (
                                <>
                                  {' '}
                                  <span className={styles.badge}>Pro</span>
                                </>
                              )}
                            </span>
                          </span>
                          <span id={`${optionId(itemIndex)}-description`} className={styles.description}>
                            {entry.description}
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                </li>
              );
            })}
          {isOpen && items.length === 0 && (
            <li role="presentation" className={styles.empty}>
              No indicator matches.
            </li>
          )}
        </ul>
        {active && (
          <p className={styles.details}>
            <strong>{active.label}</strong>: {active.formula}
            {outsidePlan(active) && ` Needs the ${UPGRADE_PLAN_NAME} plan to run.`}
          </p>
        )}
      </div>
    </div>
  );
}
