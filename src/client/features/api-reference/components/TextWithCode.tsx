/** Text whose `backticked` spans are code, as the OpenAPI document writes its descriptions. */
export function TextWithCode({ text }: { text: string }) {
  return (
    <>
      {text.split(/`([^`]+)`/).map((part, index) =>
        // split() with a capture group puts the backticked spans at the odd indexes.
        index % 2 === 1 ? <code key={index}>{part}</code> : part,
      )}
    </>
  );
}
