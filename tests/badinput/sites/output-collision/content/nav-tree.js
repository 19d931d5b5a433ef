window.handbookNavTree = {};
