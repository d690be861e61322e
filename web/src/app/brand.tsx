export function Brand() {
  return (
    <>
      <span className="brand__mark" aria-hidden="true">
        ✓
      </span>
      Pick'em
    </>
  );
}
