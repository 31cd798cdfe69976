/** A choice in a select or datalist: the value it gives and the text it shows. */
export interface Choice {
  value: string | number;
  label: string;
}

/** The options of a select or datalist, one per choice, in order. */
export function OptionList({ choices }: { choices: readonly Choice[] }) {
  return choices.map((choice) => (
    <option key={choice.value} value={choice.value}>
      {choice.label}
    </option>
  ));
}
