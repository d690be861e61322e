import './brand.css';

export function BrandMark() {
  return (
    <span className="brand__mark" aria-hidden="true">
      ✓
    </span>
  );
}

export function Brand() {
  return (
    <>
      <BrandMark />
      Pick'em
    </>
  );
}
