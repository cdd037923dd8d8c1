"""The battle board: field, pieces, selection and the hover preview."""
