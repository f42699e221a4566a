// The month's daily snapshots for bench:lists (issue "See the month before it ends"): one upload
// and its snapshot per day 1..`days` of `period`, each creator's figures of the month scaled to
// that day (the month's figures as written by seed-agency.mjs are the last day's). One creator in
// ten stops going LIVE five days before the last day, so the went-dark list and "pace fell" have
// members. Written with one INSERT ... SELECT per day, on the database server.

/** Seeds `days` daily snapshots of `period`; returns how many creators each holds. */
export async function seedSnapshots(pool, period, days) {
  let creators = 0;
  for (let day = 1; day <= days; day += 1) {
    const asOf = `${period}-${String(day).padStart(2, '0')}`;
    const result = await pool.query(
      `with upload as (
         insert into uploads (file_name, size_bytes, sha256, period, as_of, rows, imported, created, skipped, missing, created_at)
         values ($4, 1, repeat('0', 64), $1, $2::date, 0, 0, 0, 0, 0, $2::date + interval '23 hours')
         returning id
       ),
       figures as (
         select m.creator_id,
           -- the day each creator's figures stand at: one in ten froze five days before the last
           case when abs(hashtext(m.creator_id::text)) % 10 = 0 then least($3::int, greatest(1, $5::int - 5)) else $3::int end as upto,
           m.diamonds, m.valid_days, m.live_seconds
         from creator_months m where m.period = $1
       )
       insert into upload_snapshots (upload_id, period, as_of, creator_count, creator_ids, diamonds, valid_days, live_seconds, created_at)
       select upload.id, $1, $2::date, count(*),
         string_agg(f.creator_id::text, ',' order by f.creator_id),
         string_agg((f.diamonds * f.upto / $5)::text, ',' order by f.creator_id),
         string_agg(least(f.upto, f.valid_days * f.upto / $5)::text, ',' order by f.creator_id),
         string_agg((f.live_seconds::bigint * f.upto / $5)::text, ',' order by f.creator_id),
         $2::date + interval '23 hours'
       from upload, figures f group by upload.id
       returning creator_count as creators`,
      [period, asOf, day, `bench-${asOf}.xlsx`, days],
    );
    creators = result.rows[0]?.creators ?? 0;
  }
  return creators;
}
