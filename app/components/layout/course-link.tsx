import { Link } from "react-router";

/** « Cours : <titre> », the way back from a chapter's exercises, quiz or flashcards. */
export function CourseLink({ course }: { course?: { path: string; title: string } }) {
  if (!course) return null;
  return (
    <>
      {" "}
      Cours&nbsp;:{" "}
      <Link to={course.path} className="font-semibold text-primary underline underline-offset-4">
        {course.title}
      </Link>
    </>
  );
}
