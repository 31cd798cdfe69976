/** True when D1 answers a query (GET /api/health); a failure is logged, not thrown. */
export async function probeD1(db: D1Database): Promise<boolean> {
  try {
    const row = await db.prepare('SELECT 1 AS one').first<{ one: number }>();
    return row?.one === 1;
  } catch (err) {
    console.error('D1 health probe failed', err);
    return false;
  }
}
