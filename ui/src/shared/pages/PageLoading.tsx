/** Shown while a lazily loaded page or its translations arrive (text-free: translations may be loading too). */
export function PageLoading() {
  return <div className="page-loading" role="progressbar" aria-busy="true" />;
}
