import { requireClassTeacher } from "~/features/classes/class-guards.server";
import { classGradebook } from "~/features/grades/class-gradebook.server";
import { gradebookCsv } from "~/features/grades/grades-csv.server";
import type { Route } from "./+types/prof-grades-export";

/** The gradebook as a CSV file for a spreadsheet (French format), for the class's teacher only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { classRecord } = await requireClassTeacher(request, params.courseId);
  const { book, summary } = await classGradebook(classRecord);
  const name = `notes-${classRecord.name}`
    .normalize("NFD")
    .replace(/[^\w-]+/g, "-")
    .replace(/-+/g, "-")
    .slice(0, 80);
  return new Response(gradebookCsv(book, summary), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
